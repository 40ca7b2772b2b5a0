// What the generated Kotlin and Swift expose: no signing, verification or prepare_*
// function and no secret type (secrets do not belong in an app: the binding's README),
// no name that is a Kotlin or Swift keyword, no type named plain `Error`, and no
// exception field named `message`.
package cobrotests

import java.io.File
import kotlin.test.assertEquals
import kotlin.test.assertTrue

/** Kotlin's hard keywords (kotlinlang.org, "Keywords and operators"). */
val KOTLIN_KEYWORDS = setOf(
    "as", "break", "class", "continue", "do", "else", "false", "for", "fun", "if", "in", "interface", "is",
    "null", "object", "package", "return", "super", "this", "throw", "true", "try", "typealias", "typeof",
    "val", "var", "when", "while",
)

/** Swift's reserved words (The Swift Programming Language, "Lexical Structure"). */
val SWIFT_KEYWORDS = setOf(
    "associatedtype", "borrowing", "class", "consuming", "deinit", "enum", "extension", "fileprivate", "func",
    "import", "init", "inout", "internal", "let", "nonisolated", "open", "operator", "private",
    "precedencegroup", "protocol", "public", "rethrows", "static", "struct", "subscript", "typealias", "var",
    "break", "case", "catch", "continue", "default", "defer", "do", "else", "fallthrough", "for", "guard", "if",
    "in", "repeat", "return", "throw", "switch", "where", "while", "Any", "as", "await", "false", "is", "nil",
    "self", "Self", "super", "throws", "true", "try", "Type", "Protocol", "async", "_",
)

/** `text` without its comments (uniffi writes the Rust doc comments into both languages). */
fun withoutComments(text: String): String =
    text.replace(Regex("/\\*.*?\\*/", RegexOption.DOT_MATCHES_ALL), " ").replace(Regex("//[^\n]*"), " ")

fun generated(path: String): String = withoutComments(File(T.root, "target/uniffi/$path").readText())

/** Every name uniffi took from the Rust side: it writes each between backticks in Kotlin. */
fun kotlinApiNames(kt: String): Set<String> =
    Regex("`(\\w+)`").findAll(kt).map { it.groupValues[1] }.toSet() +
        Regex("(?:data class|sealed class|enum class|class|object) (\\w+)").findAll(kt).map { it.groupValues[1] }

/** The public names of the Swift bindings: types, properties, functions, labels and cases. */
fun swiftApiNames(swift: String): Set<String> {
    val names = HashSet<String>()
    Regex("public\\s+(?:struct|enum|class|protocol|var|let)\\s+(\\w+)").findAll(swift).forEach { names += it.groupValues[1] }
    Regex("public func (\\w+)\\(([^)]*)\\)").findAll(swift).forEach { m ->
        names += m.groupValues[1]
        Regex("(\\w+):").findAll(m.groupValues[2]).forEach { names += it.groupValues[1] }
    }
    Regex("\\bcase ([A-Za-z]\\w*)(\\(([^)]*)\\))?\\s*\n").findAll(swift).forEach { m ->
        names += m.groupValues[1]
        Regex("(\\w+):").findAll(m.groupValues[3]).forEach { names += it.groupValues[1] }
    }
    return names
}

fun apiSurfaceTests() {
    val kt = generated("kotlin/cobro/cobro_uniffi.kt")
    val swift = generated("swift/Cobro.swift")
    val functions = Regex("fun `(\\w+)`\\(").findAll(kt).map { it.groupValues[1] }.toSet()
    T.test("api: no signing, verification, prepare or secret in Kotlin or Swift") {
        val forbidden = Regex("prepare|sign|verif|authoriz|secret|hmac|sha512|headers", RegexOption.IGNORE_CASE)
        assertEquals(emptyList(), functions.filter { forbidden.containsMatchIn(it) }, "Kotlin functions")
        for (name in listOf("payinVerification(", "subscriptionAuthorization", "virtualAccountSignature",
            "virtualAccountHeaders", "prepare", "Secret", "verifyPayinNotification")) {
            assertTrue(name !in kt.replace("`", ""), "Kotlin names $name")
            assertTrue(name !in swift, "Swift names $name")
        }
        val params = Regex("fun `\\w+`\\(([^)]*)\\)").findAll(kt)
            .flatMap { Regex("`(\\w+)`:").findAll(it.groupValues[1]).map { p -> p.groupValues[1] } }.toSet()
        assertEquals(emptySet(), params.filter { Regex("key|secret", RegexOption.IGNORE_CASE).containsMatchIn(it) }.toSet())
    }
    T.test("api: no Kotlin or Swift keyword among the names") {
        val kotlinNames = kotlinApiNames(kt)
        val swiftNames = swiftApiNames(swift)
        val all = kotlinNames + swiftNames
        assertTrue(kotlinNames.size > 100 && swiftNames.size > 100, "only ${all.size} names found")
        assertTrue(setOf("validate", "parsePayinResponse", "CobroException", "qrPng", "httpStatus").all { it in kotlinNames })
        assertTrue(setOf("validate", "parsePayinResponse", "CobroError", "qrPng", "walletOneShot", "Validation").all { it in swiftNames })
        assertEquals(emptyList(), all.filter { it in KOTLIN_KEYWORDS || it in SWIFT_KEYWORDS }.sorted())
    }
    T.test("api: no type named Error, no exception field named message") {
        assertTrue(!Regex("(class|struct|enum|protocol) Error\\b").containsMatchIn(kt + swift))
        val exception = kt.substringAfter("sealed class CobroException").substringBefore("companion object")
        assertTrue("`message`" !in exception, "a CobroException field is named message")
        assertTrue("enum CobroError" in swift && "sealed class CobroException" in kt)
    }
}
