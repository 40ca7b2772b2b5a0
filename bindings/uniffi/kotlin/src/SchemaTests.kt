// `schema(kind)` and `openapi()` give the text of the committed copies in schemas/, byte
// for byte (the core's test regenerates them; this proves the binding passes them on).
package cobrotests

import cobro.RequestKind
import cobro.openapi
import cobro.schema
import java.io.File
import kotlin.test.assertEquals

fun schemaTests() {
    T.test("schema(kind) is schemas/<kind>.schema.json") {
        val names = mapOf(
            RequestKind.VIRTUAL_ACCOUNT to "virtual-account",
            RequestKind.SUBSCRIPTION to "subscription",
            RequestKind.SUBSCRIPTION_CANCEL to "subscription-cancel",
            RequestKind.PAYIN to "payin",
        )
        assertEquals(RequestKind.values().toSet(), names.keys)
        for ((kind, name) in names) {
            assertEquals(File(T.root, "schemas/$name.schema.json").readText(), schema(kind), name)
        }
    }
    T.test("openapi() is schemas/openapi.json") {
        assertEquals(File(T.root, "schemas/openapi.json").readText(), openapi())
    }
}
