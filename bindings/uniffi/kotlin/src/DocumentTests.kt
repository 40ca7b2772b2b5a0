// Document and account numbers: the core's checks per country, its codes for invalid
// numbers and for countries and types with no check (both `Document`).
package cobrotests

import cobro.CobroException
import cobro.DocumentWarning
import cobro.compactDocument
import cobro.documentTypes
import cobro.formatDocument
import cobro.isValidDocument
import cobro.validateDocument
import kotlin.test.assertEquals
import kotlin.test.assertFailsWith
import kotlin.test.assertFalse
import kotlin.test.assertTrue

/** Valid numbers: country (alpha-2 or alpha-3, any case), type, number, compact form. */
val VALID_NUMBERS = listOf(
    listOf("AR", "CUIT", "20-12345678-6", "20123456786"),
    listOf("arg", "dni", "12.345.678", "12345678"),
    listOf("BR", "CNPJ", "12.345.678/0001-95", "12345678000195"),
    listOf("CL", "RUN", "22.841.736-k", "22841736K"),
    listOf("CO", "NIT", "430.923.271-0", "4309232710"),
    listOf("DO", "RNC", "1-30-50029-2", "130500292"),
    listOf("DOM", "CIE", "402-7917693-3", "40279176933"),
    listOf("MX", "CLABE", "032 180 00011835971 9", "032180000118359719"),
    listOf("mex", "curp", "CIUV750309HBSQYG71", "CIUV750309HBSQYG71"),
    listOf("PE", "RUC", "20100070970", "20100070970"),
    listOf("PER", "CCI", "011-366-000100032542-21", "01136600010003254221"),
)

/** Invalid numbers: country, type, number, the core's code. */
val INVALID_NUMBERS = listOf(
    listOf("AR", "CUIT", "20123456789", "ERR_INVALID_CHECKSUM"),
    listOf("AR", "CUIT", "123", "ERR_INVALID_LENGTH"),
    listOf("BR", "CNPJ", "12345678000196", "ERR_INVALID_CHECKSUM"),
    listOf("CO", "NIT", "4309232711", "ERR_INVALID_CHECKSUM"),
    listOf("DO", "RNC", "130500293", "ERR_INVALID_CHECKSUM"),
    listOf("MX", "CLABE", "032180000118359718", "ERR_INVALID_CHECKSUM"),
    listOf("MX", "CLABE", "03218000011835971X", "ERR_INVALID_FORMAT"),
    listOf("CL", "RUN", "22.841.736-1", "ERR_INVALID_CHECKSUM"),
    listOf("PE", "RUC", "20100070971", "ERR_INVALID_CHECKSUM"),
    listOf("PE", "DNI", "1234567A", "ERR_INVALID_FORMAT"),
    listOf("PE", "CCI", "01136600010003254222", "ERR_INVALID_CHECKSUM"),
)

fun documentTests() {
    for ((country, type, number, compact) in VALID_NUMBERS) {
        T.test("document $country $type valid") {
            assertEquals(compact, validateDocument(country, type, number).compact.value)
            assertTrue(isValidDocument(country, type, number))
            assertEquals(compact, compactDocument(country, type, number))
            val shown = formatDocument(country, type, compact)
            assertEquals(compact, compactDocument(country, type, shown), "the display form compacts back")
        }
    }
    for ((country, type, number, code) in INVALID_NUMBERS) {
        T.test("document $country $type invalid: $code") {
            val e = assertFailsWith<CobroException.Document> { validateDocument(country, type, number) }
            thrown(e)
            assertEquals(code, e.code)
            assertTrue(e.description.startsWith("number "), e.description)
            assertTrue(number !in e.description, "the description repeats the number: ${e.description}")
            assertFalse(isValidDocument(country, type, number))
            assertEquals(number, formatDocument(country, type, number), "an invalid number is shown unchanged")
        }
    }
    T.test("document: Mexico's RFC with a wrong check digit is valid with a warning") {
        val valid = listOf("GODE561231GR8", "GODE561231GR9").map { validateDocument("MX", "RFC", it) }
        assertTrue(valid.any { DocumentWarning.CHECK_DIGIT in it.warnings })
    }
    val countries = documentTypes().map { it.country }.distinct()
    val peruvian = documentTypes().filter { it.country == "PE" }.map { it.type }
    for ((args, accepted) in listOf(
        listOf("US", "SSN", "ERR_INVALID_COUNTRY") to countries,
        listOf("XX", "RUC", "ERR_INVALID_COUNTRY") to countries,
        listOf("PER", "SSN", "ERR_UNSUPPORTED_DOCUMENT_TYPE") to peruvian,
    )) {
        val (country, type, code) = args
        T.test("document $country $type: Document $code") {
            val calls = listOf<(String, String, String) -> Any>(
                ::validateDocument, ::isValidDocument, ::compactDocument, ::formatDocument,
            )
            for (call in calls) {
                val e = assertFailsWith<CobroException.Document> { call(country, type, "123") }
                thrown(e)
                assertEquals(code, e.code)
                val listed = e.description.substringAfterLast(": ").split(", ")
                assertEquals(accepted, listed, "the description lists the accepted ones: ${e.description}")
            }
        }
    }
    T.test("documentTypes lists every check once") {
        val types = documentTypes()
        assertEquals(types.size, types.map { it.country to it.type }.toSet().size)
        for (t in types) assertFalse(isValidDocument(t.country, t.type, ""), "${t.country} ${t.type}")
        assertTrue(types.first { it.type == "CLABE" }.account)
        assertEquals(setOf("AR", "BR", "CL", "CO", "DO", "MX", "PE"), types.map { it.country }.toSet())
    }
    T.test("document vectors: validate, isValid, compact and warnings agree (DESIGN.md 9 row 33)") {
        for ((file, content) in vectorFiles("documents")) {
            for ((i, item) in content.list("cases").withIndex()) {
                val c = item as JObj
                val at = "${file.name} case $i"
                val (country, type, number) = listOf(c.str("country"), c.str("type"), c.str("number"))
                assertEquals(c.str("compact"), compactDocument(country, type, number), at)
                assertEquals(c["valid"] as Boolean, isValidDocument(country, type, number), at)
                if (c["valid"] as Boolean) {
                    val valid = validateDocument(country, type, number)
                    assertEquals(c.str("compact"), valid.compact.value, at)
                    // A document number is personal: printing the result hides it.
                    assertTrue(valid.compact.value !in valid.toString(), at)
                    assertEquals(c.list("warnings"), valid.warnings.map { it.name.lowercase() }, at)
                } else {
                    val e = assertFailsWith<CobroException.Document>(at) { validateDocument(country, type, number) }
                    thrown(e)
                    assertEquals(c.str("code"), e.code, at)
                }
            }
        }
    }

}
