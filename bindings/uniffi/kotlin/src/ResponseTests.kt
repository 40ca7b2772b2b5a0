// Every answer and notification vector (tests/vectors/responses) through the typed
// parsers: the record equals the vector's `expected` (the core's serde JSON) field by
// field, or the parser throws the expected `Parse` error. The QR image is compared with
// the PNG bytes of the body's data URI.
package cobrotests

import cobro.CobroException
import cobro.Experience
import cobro.Personal
import cobro.parseDepositNotification
import cobro.parsePayinNotification
import cobro.parsePayinResponse
import cobro.parsePayinStatus
import cobro.parseSubscriptionResponse
import cobro.parseSubscriptionWebhook
import cobro.parseVirtualAccountResponse
import java.lang.reflect.Modifier
import java.util.Base64
import kotlin.test.assertContentEquals
import kotlin.test.assertEquals
import kotlin.test.assertFailsWith
import kotlin.test.assertTrue
import kotlin.test.fail

/** The parser of each document name of the vectors. */
val PARSERS: Map<String, (ByteArray, JObj) -> Any> = mapOf(
    "payin-response" to { b, _ -> parsePayinResponse(b) },
    "payin-notification" to { b, _ -> parsePayinNotification(b) },
    "subscription-response" to { b, _ -> parseSubscriptionResponse(b) },
    "subscription-webhook" to { b, _ -> parseSubscriptionWebhook(b) },
    "virtual-account-response" to { b, c ->
        parseVirtualAccountResponse(b, (c["http_status"] as JNum?)?.text?.toUShort())
    },
    "deposit-notification" to { b, _ -> parseDepositNotification(b) },
    "payin-status" to { b, _ -> parsePayinStatus(b) },
)

/** The tag the core's JSON writes for each sealed family, and variants it names otherwise. */
val TAG_KEYS = mapOf("Experience" to "kind", "SubscriptionAnswer" to "outcome", "VirtualAccountAnswer" to "outcome")
val TAG_NAMES = mapOf("Refused" to "error")

fun snake(name: String): String = name.replace(Regex("([a-z0-9])([A-Z])"), "$1_$2").lowercase()

/** An enum constant, compared with the core's text without regard to case and `_`. */
data class EnumValue(val name: String)

/**
 * A uniffi value as the core's JSON would write it: records by their fields (snake
 * case), sealed variants with their tag, bytes as Base64, numbers as text, a
 * [Personal] as its text.
 */
fun plain(v: Any?): Any? = when (v) {
    null, is String, is Boolean -> v
    is Personal -> v.value
    is Long, is Int, is Short, is Byte -> JNum(v.toString())
    is ULong, is UInt, is UShort, is UByte -> JNum(v.toString())
    is ByteArray -> Base64.getEncoder().encodeToString(v)
    is List<*> -> v.map(::plain)
    is Map<*, *> -> v.entries.associate { (k, x) -> k as String to plain(x) }
    is Enum<*> -> EnumValue(v.name)
    else -> {
        val out = LinkedHashMap<String, Any?>()
        val parent = v.javaClass.superclass?.simpleName
        TAG_KEYS[parent]?.let { out[it] = TAG_NAMES[v.javaClass.simpleName] ?: snake(v.javaClass.simpleName) }
        for (f in v.javaClass.declaredFields) {
            if (Modifier.isStatic(f.modifiers) || f.isSynthetic) continue
            f.isAccessible = true
            out[snake(f.name)] = plain(f.get(v))
        }
        out
    }
}

/** Fails naming the first path where `got` (from [plain]) differs from `want` (the vector). */
fun assertSame(want: Any?, got: Any?, at: String = "") {
    when {
        want is JObj -> {
            val g = got as? Map<*, *> ?: fail("$at: expected an object, got $got")
            assertEquals(want.members.keys, g.keys, "$at: keys")
            for ((k, w) in want.members) assertSame(w, g[k], "$at.$k")
        }
        want is List<*> -> {
            val g = got as? List<*> ?: fail("$at: expected a list, got $got")
            assertEquals(want.size, g.size, "$at: length")
            want.indices.forEach { assertSame(want[it], g[it], "$at[$it]") }
        }
        got is EnumValue -> assertEquals(
            (want as String).replace("_", "").lowercase(), got.name.replace("_", "").lowercase(), at,
        )
        got is ULong || got is Long -> assertEquals(want, JNum(got.toString()), at)
        else -> assertEquals(want, got, at)
    }
}

fun responseVectors() {
    var typed = 0
    for ((file, content) in vectorFiles("responses")) {
        val parse = PARSERS.getValue(content.str("document"))
        for (c in content.list("cases")) {
            val case = c as JObj
            T.test("response ${file.name} / ${case.str("name")}") {
                val bytes = bodyBytes(case)
                if (case.has("expected")) {
                    assertSame(case["expected"], plain(parse(bytes, case)))
                    typed++
                } else {
                    val e = assertFailsWith<CobroException.Parse> { parse(bytes, case) }
                    thrown(e)
                    val want = case.obj("error")
                    assertEquals(want.str("code"), e.code, "code")
                    assertEquals(want.str("path"), e.path, "path")
                }
            }
        }
    }
    T.test("responses: every document kind has typed vectors") { assertTrue(typed >= 30, "only $typed") }
    T.test("QR answer: the PNG bytes are those of the data URI") {
        val (_, content) = vectorFiles("responses").first { it.first.name == "payin-response-qr.json" }
        val case = content.list("cases").map { it as JObj }.first { it.has("expected") }
        val uri = case.obj("body").str("qrCode")
        val png = Base64.getMimeDecoder().decode(uri.substringAfter(','))
        val answer = parsePayinResponse(bodyBytes(case))
        val qr = answer.experience as? Experience.Qr ?: fail("not a QR answer: ${answer.experience}")
        assertContentEquals(png, qr.qrPng)
        assertContentEquals(byteArrayOf(0x89.toByte(), 'P'.code.toByte(), 'N'.code.toByte(), 'G'.code.toByte()), qr.qrPng.copyOf(4))
        assertTrue(qr.generalInstructions.isNotEmpty())
    }
}
