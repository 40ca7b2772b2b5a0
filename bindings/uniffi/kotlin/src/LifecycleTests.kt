// The lifecycle helpers (spec section 3): the answers of the core for stored statuses,
// and the pay-in helpers agree with the catalogue of pay-in states.
package cobrotests

import cobro.canCancel
import cobro.mayCharge
import cobro.mayRequestSubscription
import cobro.nextStates
import cobro.payinStateIsFinal
import cobro.payinStates
import cobro.payinTransition
import cobro.virtualAccountTransition
import kotlin.test.assertEquals
import kotlin.test.assertFalse
import kotlin.test.assertNull
import kotlin.test.assertTrue

fun lifecycleTests() {
    T.test("lifecycle: subscriptions") {
        assertTrue(canCancel("AUTHORIZED").allowed)
        assertFalse(canCancel("PENDING").allowed)
        assertTrue("B405" in canCancel("CANCELLED").reason)
        assertFalse(canCancel("authorized").allowed, "statuses are the wire's, case and all")
        assertTrue(mayRequestSubscription().allowed)
        assertFalse(mayRequestSubscription("PENDING").allowed)
        assertTrue(mayRequestSubscription("EXPIRED").allowed)
        assertFalse(mayRequestSubscription("AUTHORIZED").allowed)
        assertTrue(mayCharge("AUTHORIZED").allowed)
        assertFalse(mayCharge("PENDING").allowed)
        for (v in listOf(canCancel(""), mayCharge("NOT A STATUS"))) {
            assertFalse(v.allowed)
            assertTrue(v.reason.isNotEmpty())
        }
    }
    T.test("lifecycle: pay-in states agree with the catalogue") {
        val ids = payinStates().map { it.id }.toSet()
        assertTrue(ids.size >= 8)
        for (s in payinStates()) {
            assertEquals(s.isFinal, payinStateIsFinal(s.id)?.allowed, "state ${s.id}")
            val next = nextStates(s.id) ?: error("no next states for ${s.id}")
            assertEquals(s.isFinal, next.isEmpty(), "state ${s.id}")
            for (to in ids) assertEquals(to in next || to == s.id, payinTransition(s.id, to).allowed, "${s.id} -> $to")
        }
        for (id in listOf(0L, 4L, -1L, Long.MAX_VALUE, Long.MIN_VALUE)) {
            assertNull(payinStateIsFinal(id))
            assertNull(nextStates(id))
            assertFalse(payinTransition(id, 5).allowed)
        }
    }
    T.test("lifecycle: virtual accounts") {
        assertTrue(virtualAccountTransition("MEX", "ACTIVE", "INACTIVE").allowed)
        assertFalse(virtualAccountTransition("ARG", "ACTIVE", "INACTIVE").allowed, "no INACTIVE in Argentina")
        assertTrue(virtualAccountTransition("PER", "INACTIVE", "DELETED").allowed)
        assertFalse(virtualAccountTransition("CHL", "DELETED", "ACTIVE").allowed)
        assertFalse(virtualAccountTransition("MX", "ACTIVE", "INACTIVE").allowed, "alpha-3 only")
    }
}
