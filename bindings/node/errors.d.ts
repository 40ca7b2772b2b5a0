import type { Report, Issue } from './index'

/** Base class of cobro's errors; thrown as is only for an internal error (code ERR_INTERNAL). */
export declare class CobroError extends Error {
  /** The core's code, e.g. ERR_EMPTY_SECRET. */
  code: string
}
/** A `prepare*` function refused an invalid request; `.code` is ERR_INVALID_REQUEST, the issues are in `.errors`. */
export declare class ValidationError extends CobroError {
  /** The full report (DESIGN.md section 3). */
  report: Report
  /** The report's errors. */
  errors: Issue[]
}
/** A credential or signing argument is unusable. */
export declare class SigningError extends CobroError {}
/** A body is not the expected answer or notification. */
export declare class ParseError extends CobroError {
  /** Dotted path, `""` for the whole body. */
  path: string
  /** Byte offset for unreadable JSON, else null. */
  offset: number | null
}
/** Headers or a notification did not verify. */
export declare class VerificationError extends CobroError {}
/** A document number is not valid. */
export declare class DocumentError extends CobroError {}

/** Where a code is raised: in validation reports, or as the error class of that name. */
export type CodeClass =
  | 'report'
  | 'ValidationError'
  | 'SigningError'
  | 'VerificationError'
  | 'ParseError'
  | 'DocumentError'
  | 'CobroError'

/** One code of cobro's own catalogue (`codes()`); not a code of the service (`CodeInfo`). */
export interface CatalogueCode {
  /** The code as reports and errors write it, e.g. ERR_MISSING_FIELD. */
  code: string
  /** The severity of its report issues, or null for a code raised only as an error. */
  severity: 'error' | 'warning' | null
  /** Where it is raised. */
  classes: CodeClass[]
  /** What it means, in English. */
  meaning: string
  /** The params its template names (report issues' `params`), in template order. */
  params: string[]
  /** The message templates: `{path}` is the field, `{name}` a param. */
  templates: { en: string; es: string; pt: string }
}
