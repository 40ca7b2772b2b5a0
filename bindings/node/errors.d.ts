import type { Report, Issue } from './index'

/** Base class of cobro's errors; thrown as is only for an internal error (code ERR_INTERNAL). */
export declare class CobroError extends Error {
  /** The core's code, e.g. ERR_EMPTY_SECRET. */
  code: string
}
/** A `prepare*` function refused an invalid request; `.code` is the first error's code. */
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
