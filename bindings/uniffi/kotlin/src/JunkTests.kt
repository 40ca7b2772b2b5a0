// Hostile input through every exported function (DESIGN.md section 8, STYLE.md 10):
// the functions are found by listing the generated bindings, not by hand. Each call
// returns, or throws the CobroException its @Throws declares with a documented code;
// nothing else (no uniffi InternalException: a panic would be a bug), and no error
// text repeats the input.
package cobrotests

import cobro.CobroException
import cobro.Issue
import cobro.MessageLocale
import cobro.RequestKind
import cobro.codes
import cobro.parsePayinResponse
import cobro.parseVirtualAccountResponse
import cobro.validate
import java.io.File
import java.lang.reflect.InvocationTargetException
import java.lang.reflect.Method
import java.nio.charset.CharacterCodingException
import kotlin.test.assertEquals
import kotlin.test.assertFailsWith
import kotlin.test.assertTrue
import kotlin.test.fail

/** A marker no error text may repeat (errors never echo input values). */
const val MARKER = "Quagga"

val DEEP_ARRAYS = "[".repeat(10_000) + "]".repeat(10_000)
val DEEP_OBJECTS = "{\"a\":".repeat(10_000) + "1" + "}".repeat(10_000)
val HUGE = "{\"a\":\"" + "x".repeat(2 * 1024 * 1024) + "\"}"

val JUNK_STRINGS = listOf(
    "", "not json", "{", "}", "\u0000", "{\"a\":\"\u0000\"}", "😀", "{\"😀\":\"😀\"}", "null", "[]", "1e400",
    "99999999999999999999999999", "²³", "{\"a\":1,\"a\":2}", "\uD800", "Zebra😀\u0000$MARKER",
    "{\"payinErrorCode\":\"0000\",\"qrCode\":\"data:image/png;base64,$MARKER\"}",
    DEEP_ARRAYS, DEEP_OBJECTS, HUGE,
)

val JUNK_BYTES: List<ByteArray> = JUNK_STRINGS.map { it.toByteArray() } + listOf(
    byteArrayOf(0xff.toByte(), 0xfe.toByte()),
    byteArrayOf(0xc3.toByte()),
    byteArrayOf(0xc0.toByte(), 0xaf.toByte()),
    "{\"a\":\"".toByteArray() + byteArrayOf(0xed.toByte(), 0xa0.toByte(), 0x80.toByte()) + "\"}".toByteArray(),
)

val JUNK_LONGS = listOf(0L, -1L, 5L, Long.MIN_VALUE, Long.MAX_VALUE)

/** The codes each exception may carry: those of its class in the core's catalogue. */
val DOCUMENTED: Map<String, Set<String>> =
    mapOf("Parse" to "ParseError", "Document" to "DocumentError", "Validation" to "ValidationError")
    .mapValues { (_, cls) -> codes().filter { cls in it.classes }.map { it.code }.toSet() }

/** A sensible value for each parameter name, used while another parameter gets junk. */
val BASELINE: Map<String, Any?> = mapOf(
    "country" to "PE", "type" to "RUC", "number" to "20100070970", "code" to "0000", "id" to 5L,
    "kind" to RequestKind.PAYIN, "strict" to false, "locale" to null, "maxBytes" to null, "httpStatus" to null,
    "beforePrepare" to false,
    "status" to "AUTHORIZED", "existingStatus" to null, "fromState" to 2L, "toState" to 5L,
    "fromStatus" to "ACTIVE", "toStatus" to "INACTIVE",
    "body" to "{}",
)

/** The names of the exported functions: uniffi writes each as fun `name`( in the generated Kotlin. */
fun exportedFunctions(): List<String> {
    val kt = File(T.root, "target/uniffi/kotlin/cobro/cobro_uniffi.kt").readText()
    return Regex("fun `(\\w+)`\\(").findAll(kt).map { it.groupValues[1] }.distinct().sorted().toList()
}

/** The JVM method of an exported function (Kotlin mangles names with inline-class parameters). */
fun jvmMethod(name: String): Method {
    val cls = Class.forName("cobro.Cobro_uniffiKt")
    return cls.methods.singleOrNull { (it.name == name || it.name.startsWith("$name-")) && !it.isSynthetic }
        ?: fail("no single JVM method for $name")
}

/** The junk values for a parameter of this JVM type. */
fun junkFor(type: Class<*>): List<Any?> = when (type) {
    String::class.java -> JUNK_STRINGS
    ByteArray::class.java -> JUNK_BYTES
    java.lang.Long.TYPE -> JUNK_LONGS
    RequestKind::class.java -> RequestKind.values().toList()
    java.lang.Boolean.TYPE -> listOf(true, false)
    MessageLocale::class.java -> listOf(null) + MessageLocale.values()
    UInt::class.javaObjectType -> listOf(null, 0u, 1u, 8u, UInt.MAX_VALUE)
    UShort::class.javaObjectType -> listOf(null) // the statuses are tried by hand below
    else -> fail("no junk for parameter type ${type.name}: extend JunkTests.kt")
}

fun baseline(name: String, type: Class<*>): Any? {
    if (!BASELINE.containsKey(name)) fail("no baseline for parameter $name: extend JunkTests.kt")
    val v = BASELINE[name]
    return if (type == ByteArray::class.java) (v as String).toByteArray() else v
}

/** Whether `s` holds a UTF-16 surrogate without its pair: a Kotlin String that is not Unicode text. */
fun notUnicode(s: String): Boolean = s.indices.any { i ->
    val c = s[i]
    (c.isHighSurrogate() && (i + 1 >= s.length || !s[i + 1].isLowSurrogate())) ||
        (c.isLowSurrogate() && (i == 0 || !s[i - 1].isHighSurrogate()))
}

/**
 * Calls `m` with `args`; returns normally, or the thrown CobroException must be declared
 * and documented. A String that is not Unicode (a lone surrogate) never reaches Rust: the
 * generated code refuses it with java.nio.charset.CharacterCodingException (README).
 */
fun callWithJunk(m: Method, args: Array<Any?>) {
    try {
        m.invoke(null, *args)
    } catch (wrapped: InvocationTargetException) {
        val e = wrapped.targetException
        if (args.any { it is String && notUnicode(it) }) {
            assertTrue(e is CharacterCodingException, "${m.name}: a lone surrogate gave $e")
            return
        }
        if (e !is CobroException) throw AssertionError("${m.name} threw ${e::class.qualifiedName}: ${e.message}", e)
        thrown(e)
        assertTrue(m.exceptionTypes.contains(CobroException::class.java), "${m.name} threw undeclared $e")
        val (variant, code) = when (e) {
            is CobroException.Parse -> "Parse" to e.code
            is CobroException.Document -> "Document" to e.code
            is CobroException.Validation -> "Validation" to e.code
        }
        assertTrue(code in DOCUMENTED.getValue(variant), "${m.name}: $variant $code")
        assertTrue(MARKER !in e.message.orEmpty(), "${m.name}: the error repeats the input: ${e.message}")
    }
}

fun junkTests() {
    val exported = exportedFunctions()
    T.test("junk: the exported functions are found") { assertTrue(exported.size >= 20, "only $exported") }
    for (name in exported) {
        T.test("junk through $name") {
            val m = jvmMethod(name)
            val names = m.parameters.map { it.name }
            assertTrue(names.none { it.startsWith("arg") }, "compile with -java-parameters")
            val base = Array(m.parameterCount) { baseline(names[it], m.parameterTypes[it]) }
            callWithJunk(m, base)
            for (p in 0 until m.parameterCount) {
                for (junk in junkFor(m.parameterTypes[p])) {
                    val args = base.copyOf()
                    args[p] = junk
                    callWithJunk(m, args)
                }
            }
        }
    }
    T.test("junk: unreadable bodies are reports with the core's code at path \"\"") {
        val cases = listOf(
            "not json".toByteArray() to "ERR_MALFORMED_JSON",
            byteArrayOf(0xff.toByte()) to "ERR_INVALID_UTF8",
            DEEP_ARRAYS.toByteArray() to "ERR_NESTING_TOO_DEEP",
            DEEP_OBJECTS.toByteArray() to "ERR_NESTING_TOO_DEEP",
            HUGE.toByteArray() to "ERR_BODY_TOO_LARGE",
        )
        for (kind in RequestKind.values()) {
            for ((bytes, code) in cases) {
                val r = validate(kind, bytes)
                assertEquals(listOf(listOf(code, "")), pairs(r.errors), "$kind $code")
                val e = assertFailsWith<CobroException.Parse> { parsePayinResponse(bytes) }
                assertEquals(code to "", e.code to e.path)
            }
            val body = "{\"a\":\"123456789\"}".toByteArray()
            assertEquals("ERR_BODY_TOO_LARGE", validate(kind, body, maxBytes = 8u).errors.single().code)
            // The limit is the core's: a body of exactly maxBytes is read, one byte more
            // is refused with its size and the limit, and 0 leaves only the empty body.
            val sized = "{\"a\":\"ñ\"}".toByteArray()
            val size = sized.size.toUInt()
            val tooLarge = { max: UInt? -> validate(kind, sized, maxBytes = max).errors.filter { it.code == "ERR_BODY_TOO_LARGE" } }
            assertEquals(listOf<Issue>(), tooLarge(size))
            assertEquals(listOf<Issue>(), tooLarge(null))
            assertEquals(mapOf("size" to "$size", "limit" to "${size - 1u}"), tooLarge(size - 1u).single().params)
            assertEquals(mapOf("size" to "$size", "limit" to "0"), tooLarge(0u).single().params)
            assertEquals("ERR_EMPTY_FIELD", validate(kind, ByteArray(0), maxBytes = 0u).errors.single().code)
        }
    }
    T.test("junk: any HTTP status for a virtual-account answer") {
        for (status in listOf<UShort>(0u, 200u, 201u, 400u, 500u, UShort.MAX_VALUE)) {
            for (body in JUNK_BYTES) {
                try {
                    parseVirtualAccountResponse(body, status)
                } catch (e: CobroException.Parse) {
                    thrown(e)
                    assertTrue(e.code in DOCUMENTED.getValue("Parse"))
                }
            }
        }
    }
}
