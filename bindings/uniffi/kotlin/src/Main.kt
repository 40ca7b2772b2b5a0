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
    schemaTests()
    lifecycleTests()
    apiSurfaceTests()
    manifestTests()
    readmeTests()
    println("${T.passed} passed, ${T.failed} failed")
    exitProcess(if (T.failed == 0 && T.passed > 0) 0 else 1)
}
