// A JVM program that uses the cobro jar alone, as a Kotlin user does: compiled with
// kotlinc against the jar and JNA, run with the jar, JNA and the Kotlin standard
// library on the class path; JNA loads the native library from the jar. scripts/test
// runs it and compares what it prints.
import cobro.Experience
import cobro.PayinResponse
import cobro.RequestKind
import cobro.parsePayinResponse
import cobro.validate

fun main() {
    val body = """{"owner": {"referenceId": "u-1", "type": "PERSON"}}"""
    val report = validate(RequestKind.VIRTUAL_ACCOUNT, body.toByteArray(), false, null, null)
    println("valid=${report.valid} errors=${report.errors.size}")
    println("first=${report.errors.first().code} at ${report.errors.first().path}")
    val answer = """{"url": "https://pay.example.com/p/1", "payinErrorCode": "0000", "payinErrorMessage": "Successfull process", "payinTrxOperation": "MONTRX1"}"""
    val parsed: PayinResponse = parsePayinResponse(answer.toByteArray())
    val experience = parsed.experience
    println("answer=${parsed.errorCode} ${if (experience is Experience.Redirect) "redirect ${experience.url}" else "other"}")
}
