// The catalogues as data: lookups answer the core's entry or null, the lists hold every
// entry once, and the issue codes are the ones the vectors produce.
package cobrotests

import cobro.Disposition
import cobro.Operation
import cobro.issueCodes
import cobro.payinCreationCode
import cobro.payinCreationCodes
import cobro.payinState
import cobro.payinStates
import cobro.paymentConfirmationCode
import cobro.paymentConfirmationCodes
import cobro.subscriptionErrorCode
import cobro.subscriptionErrorCodes
import cobro.virtualAccountErrorCode
import cobro.virtualAccountErrorCodes
import kotlin.test.assertEquals
import kotlin.test.assertNull
import kotlin.test.assertTrue

fun catalogueTests() {
    T.test("catalogue lookups") {
        assertEquals(Disposition.SUCCESS, payinCreationCode("0000")?.disposition)
        assertEquals(Disposition.RETRY, payinCreationCode("0044")?.disposition) // not authorized yet
        assertNull(payinCreationCode("no such code"))
        assertEquals(true, payinState(5)?.paid)
        assertEquals("Autorizado", payinState(5)?.name)
        assertNull(payinState(999))
        assertNull(payinState(Long.MIN_VALUE))
        assertEquals(listOf(Operation.CANCEL), subscriptionErrorCode("9025")?.operations)
        assertNull(paymentConfirmationCode("zz-none"))
        assertNull(virtualAccountErrorCode("zz-none"))
    }
    T.test("catalogue lists: every entry is found by its lookup") {
        for (c in payinCreationCodes()) assertEquals(c, payinCreationCode(c.code))
        for (c in paymentConfirmationCodes()) assertEquals(c, paymentConfirmationCode(c.code))
        for (s in payinStates()) assertEquals(s, payinState(s.id))
        for (c in subscriptionErrorCodes()) assertEquals(c, subscriptionErrorCode(c.code))
        for (c in virtualAccountErrorCodes()) assertEquals(c, virtualAccountErrorCode(c.code))
        for (list in listOf(payinCreationCodes(), paymentConfirmationCodes(), virtualAccountErrorCodes())) {
            assertTrue(list.isNotEmpty())
            assertEquals(list.size, list.map { it.code }.toSet().size)
        }
    }
    T.test("issueCodes: the core's catalogue, every code produced by some vector") {
        val codes = issueCodes()
        assertTrue(codes.all { it.startsWith("ERR_") || it.startsWith("WARN_") })
        assertEquals(codes.size, codes.toSet().size)
        val seen = HashSet<String>()
        for ((_, content) in vectorFiles("validation")) {
            for (c in content.list("cases")) {
                for (key in listOf("errors", "warnings")) {
                    (c as JObj).list(key).forEach { seen.add((it as List<*>)[0] as String) }
                }
            }
        }
        assertEquals(codes.toSet(), seen)
    }
}
