// The Kotlin tests of the cobro uniffi binding, run on the JVM against the generated
// bindings and the built library (scripts/test, stage uniffi_test).
//
// Usage: `MainKt <repository root>` (default: the working directory). The generated
// sources are read from `<root>/target/uniffi/{kotlin,swift}`. Prints one line per
// failure, then `N passed, N failed` last; exits 1 on any failure.
package cobrotests

import java.io.File
import kotlin.system.exitProcess

/** A tiny test runner: no JUnit, kotlin-test assertions in plain functions. */
object T {
    var passed = 0
    var failed = 0
    lateinit var root: File

    fun test(name: String, body: () -> Unit) {
        try {
            body()
            passed++
        } catch (e: Throwable) {
            failed++
            println("FAIL $name: ${e::class.simpleName}: ${e.message}")
        }
    }
}

fun main(args: Array<String>) {
    T.root = File(args.firstOrNull() ?: ".").canonicalFile
    check(File(T.root, "tests/vectors").isDirectory) { "no tests/vectors under ${T.root}" }
    validationVectors()
    responseVectors()
    personalTests()
    documentTests()
    junkTests()
    catalogueTests()
    apiSurfaceTests()
    readmeTests()
    println("${T.passed} passed, ${T.failed} failed")
    exitProcess(if (T.failed == 0 && T.passed > 0) 0 else 1)
}

/** The JSON files of `tests/vectors/<folder>`, sorted, each with its parsed content. */
fun vectorFiles(folder: String): List<Pair<File, JObj>> {
    val files = File(T.root, "tests/vectors/$folder").listFiles { f -> f.name.endsWith(".json") }
        ?.sortedBy { it.name }.orEmpty()
    check(files.isNotEmpty()) { "no vectors in $folder" }
    return files.map { it to (parseJson(it.readText()) as JObj) }
}

/** The case's body: `body` (its raw text), `body_text` or `body_hex`. */
fun bodyBytes(case: JObj): ByteArray = when {
    case.has("body") -> case.raw.getValue("body").toByteArray(Charsets.UTF_8)
    case.has("body_text") -> case.str("body_text").toByteArray(Charsets.UTF_8)
    else -> case.str("body_hex").chunked(2).map { it.toInt(16).toByte() }.toByteArray()
}
