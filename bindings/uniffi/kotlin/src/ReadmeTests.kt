// The README's Kotlin example is ReadmeExample.kt, verbatim (so it is compiled with the
// tests), and it does what the README says.
package cobrotests

import java.io.File
import kotlin.test.assertEquals
import kotlin.test.assertNull
import kotlin.test.assertTrue

fun readmeTests() {
    T.test("README: the Kotlin example is ReadmeExample.kt verbatim") {
        val readme = File(T.root, "bindings/uniffi/README.md").readText()
        val block = readme.substringAfter("```kotlin\n", "").substringBefore("```")
        val file = File(T.root, "bindings/uniffi/kotlin/src/ReadmeExample.kt").readText()
        assertEquals(file, block)
    }
    T.test("README: the Kotlin example runs") {
        val errors = example.formErrors("{\"payinCurrency\": \"PEN\"}")
        assertTrue(errors.isNotEmpty())
        assertTrue(errors.values.any { "obligatorio" in it }, "Spanish texts: $errors")
        assertEquals("unreadable answer: ERR_MALFORMED_JSON at ", example.describe("{".toByteArray()))
        val (_, qr) = vectorFiles("responses").first { it.first.name == "payin-response-qr.json" }
        val case = qr.list("cases").map { it as JObj }.first { it.has("expected") }
        assertTrue(example.describe(bodyBytes(case)).startsWith("show the "))
        assertEquals("20100070970", example.ruc("20100070970"))
        assertNull(example.ruc("20100070971"))
    }
}
