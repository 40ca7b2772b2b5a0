// The published types from an ES module: default and named imports (checked by tsc with
// consumer.ts; see there).
import cobro, { validate, parsePayinResponse, documents, ValidationError, type Report } from 'cobro'

const report: Report = validate('subscription-cancel', '{}')
const same: Report = cobro.validate('subscription-cancel', '{}')
const kind: string = parsePayinResponse('{}').experience.kind
const valid: boolean = documents.isValid('PE', 'RUC', '20100070970')
const isClass: boolean = new ValidationError('m') instanceof cobro.CobroError
void [report, same, kind, valid, isClass]
