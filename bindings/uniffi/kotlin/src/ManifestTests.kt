// The public API of package `cobro` against tests/api/manifest.json, both ways
// (tests/api/README.md, "How each language checks it"): every function, record, union,
// enum and error class the manifest gives Kotlin is there under its name, with its
// parameters or fields in order, and nothing public is there beyond them and uniffi's
// own runtime. The classes are found in the compiled jar and read by Java reflection
// (kotlinc runs with -java-parameters, so parameter names are kept); the types and
// defaults of a function's parameters, which the JVM erases, are read from its one-line
// signature in the generated source.
//
// An item with a `change` or a `missing` marker for Kotlin is a strict expected failure:
// its check must fail today, and it fails the run once it passes, so that whoever lands
// the change also deletes the marker.
package cobrotests

import cobro.CobroException
import cobro.codes
import java.io.File
import java.lang.reflect.Modifier
import java.lang.reflect.ParameterizedType
import java.lang.reflect.Type
import java.lang.reflect.WildcardType
import java.util.jar.JarFile
import kotlin.test.assertEquals
import kotlin.test.assertTrue
import kotlin.test.fail

/**
 * uniffi's runtime in the generated file: public (or `internal`, which the JVM sees as
 * public) whatever the crate exports. Anything else public in `cobro` must be in the
 * manifest.
 */
val UNIFFI_CLASSES = Regex(
    "FfiConverter\\w*|Uniffi\\w*|IntegrityCheckingUniffiLib|RustBuffer|ForeignBytes|InternalException|" +
        "Disposable|NoHandle|Cobro_uniffiKt",
)
val UNIFFI_FUNCTIONS = Regex("uniffi\\w*|use|UNIFFI_\\w*")

/** Nested classes uniffi gives public types: companions and the error handler. */
val UNIFFI_NESTED = setOf("Companion", "ErrorHandler")

fun camel(snake: String): String = snake.split('_').mapIndexed { i, w -> if (i == 0) w else w.replaceFirstChar { it.uppercase() } }.joinToString("")

/** The manifest's rule for Kotlin enum entries: `virtual-account`, `BankTransfer` -> VIRTUAL_ACCOUNT, BANK_TRANSFER. */
fun screaming(value: String): String = value.replace(Regex("([a-z0-9])([A-Z])"), "$1_$2").replace('-', '_').uppercase()

/** What the manifest says of Kotlin for one item (or argument, or field). */
class KotlinEntry(item: JObj, defaultName: String) {
    private val value: Any? = (item["languages"] as JObj?)?.get("kotlin")
    val omitted: Boolean = value is JObj && value.has("omitted")
    val missing: String? = (value as? JObj)?.get("missing") as String?
    val name: String = ((value as? JObj)?.get("name") as String?) ?: defaultName
    val change: String? = (item["change"] as JObj?)?.get("kotlin") as String?
}

/** The Kotlin markers of an item and of its arguments or fields; null when there are none. */
fun pending(item: JObj, defaultName: String, parts: List<Any?>): String? {
    val entries = listOf(KotlinEntry(item, defaultName)) + parts.map { KotlinEntry(it as JObj, "") }
    val marks = entries.flatMap { e -> listOfNotNull(e.change, e.missing?.let { "missing: $it" }) }
    return if (marks.isEmpty()) null else marks.joinToString("; ")
}

/** A check that must pass, or, when the manifest marks the item, that must fail (strictly). */
fun manifestTest(name: String, marker: String?, check: () -> Unit) {
    if (marker == null) {
        T.test("manifest: $name", check)
        return
    }
    T.test("manifest: $name (expected to fail: $marker)") {
        val passed = try {
            check()
            true
        } catch (e: Throwable) {
            if (System.getenv("COBRO_MANIFEST_VERBOSE") != null) println("expected failure of $name: ${e.message}")
            false
        }
        if (passed) fail("it passes now: delete the kotlin marker from tests/api/manifest.json")
    }
}

/** The public API of package `cobro` as compiled: top-level classes and functions. */
class CompiledApi {
    val classes: Map<String, Class<*>>
    val functions: Map<String, java.lang.reflect.Method>

    init {
        val where = File(CobroException::class.java.protectionDomain.codeSource.location.toURI())
        val names = if (where.isDirectory) {
            File(where, "cobro").list().orEmpty().toList()
        } else {
            JarFile(where).use { jar -> jar.entries().toList().map { it.name } }
                .filter { it.startsWith("cobro/") && it.count { c -> c == '/' } == 1 }
                .map { it.removePrefix("cobro/") }
        }
        val loader = CobroException::class.java.classLoader
        classes = names.filter { it.endsWith(".class") && '$' !in it }
            .map { Class.forName("cobro." + it.removeSuffix(".class"), false, loader) }
            .filter { Modifier.isPublic(it.modifiers) }
            .associateBy { it.simpleName }
        val facade = classes["Cobro_uniffiKt"] ?: fail("no Cobro_uniffiKt in $where")
        // A function with an unsigned parameter gets a mangled JVM name (`name-hash`);
        // `name$default` is the bridge that fills in the defaults.
        val methods = facade.declaredMethods.filter { Modifier.isPublic(it.modifiers) && Modifier.isStatic(it.modifiers) }
            .filter { '$' !in it.name && !it.isSynthetic }
        val byName = methods.groupBy { it.name.substringBefore('-') }
        byName.forEach { (n, ms) -> assertEquals(1, ms.size, "one JVM method for $n") }
        functions = byName.mapValues { it.value.single() }
    }

    /** The public nested classes of `cls` that are the API's (its variants), by simple name. */
    fun nested(cls: Class<*>): Map<String, Class<*>> =
        cls.declaredClasses.filter { Modifier.isPublic(it.modifiers) && it.simpleName !in UNIFFI_NESTED }
            .associateBy { it.simpleName }

    /** The instance fields `cls` declares, in declaration order: a record's constructor fields. */
    fun fields(cls: Class<*>): List<java.lang.reflect.Field> =
        cls.declaredFields.filter { !Modifier.isStatic(it.modifiers) && !it.isSynthetic }
}

/** The one-line Kotlin signatures uniffi writes: name -> (parameters as `name: Type[ = default]`, result). */
fun sourceSignatures(): Map<String, Pair<List<String>, String>> {
    val kt = generated("kotlin/cobro/cobro_uniffi.kt")
    return Regex("\n\\s*(?:@Throws\\([\\w:]+\\) )?fun `(\\w+)`\\((.*)\\)\\s*(?::\\s*([^{]+?))?\\s*\\{").findAll(kt)
        .associate { m -> m.groupValues[1] to (splitTopLevel(m.groupValues[2]) to m.groupValues[3].ifEmpty { "Unit" }) }
}

/** Splits a parameter list at the commas outside `<...>`. */
fun splitTopLevel(params: String): List<String> {
    val out = ArrayList<String>()
    var depth = 0
    val cur = StringBuilder()
    for (c in params) {
        when {
            c == '<' -> depth++
            c == '>' -> depth--
        }
        if (c == ',' && depth == 0) {
            out += cur.toString().trim()
            cur.clear()
        } else {
            cur.append(c)
        }
    }
    if (cur.isNotBlank()) out += cur.toString().trim()
    return out
}

/** A Kotlin type as the generated source writes it, without `kotlin.`/`cobro.` and spaces. */
fun plainType(t: String): String = t.replace("kotlin.collections.", "").replace("kotlin.", "").replace("cobro.", "").replace(" ", "").trim()

/**
 * The manifest's types in Kotlin. `pendingTypes` are types whose own entry has a Kotlin
 * marker: a field of such a type is left to that type's check.
 */
class ManifestTypes(m: JObj, private val kotlinNames: Map<String, String>, val pendingTypes: Set<String>) {
    val scalars: Map<String, String> = m.obj("types").members.mapNotNull { (token, v) ->
        ((v as JObj)["kotlin"] as String?)?.let { token to it }
    }.toMap()

    /** The Kotlin spelling of a manifest type token (`list<Issue>?` -> `List<Issue>?`). */
    fun kotlin(token: String): String {
        val t = token.trim()
        if (t.endsWith("?")) return kotlin(t.dropLast(1)) + "?"
        Regex("list<(.+)>").matchEntire(t)?.let { return "List<${kotlin(it.groupValues[1])}>" }
        Regex("map<([^,]+),(.+)>").matchEntire(t)?.let { return "Map<${kotlin(it.groupValues[1])},${kotlin(it.groupValues[2])}>" }
        scalars[t]?.let { return it }
        return kotlinNames[t] ?: fail("no Kotlin type for $t")
    }

    /** The JVM class of a record field of manifest type `token` (Kotlin nullability is erased). */
    fun jvm(token: String): Class<*> {
        val nullable = token.endsWith("?")
        val t = token.removeSuffix("?")
        if (t.startsWith("list<")) return List::class.java
        if (t.startsWith("map<")) return Map::class.java
        return when (t) {
            "str" -> String::class.java
            "bool" -> if (nullable) Boolean::class.javaObjectType else java.lang.Boolean.TYPE
            "i64" -> if (nullable) Long::class.javaObjectType else java.lang.Long.TYPE
            "u64" -> if (nullable) ULong::class.java else java.lang.Long.TYPE
            "u32", "size" -> if (nullable) UInt::class.java else java.lang.Integer.TYPE
            "u16" -> if (nullable) UShort::class.java else java.lang.Short.TYPE
            "bytes", "Body" -> ByteArray::class.java
            else -> Class.forName("cobro." + (kotlinNames[t] ?: scalars[t] ?: fail("no Kotlin type for $t")).replace('.', '$'))
        }
    }

    /** The element class of a `list<T>` field. */
    fun element(token: String): Class<*>? =
        Regex("list<(.+)>\\??").matchEntire(token)?.groupValues?.get(1)?.let { e ->
            when (e) {
                "str" -> String::class.java
                "i64" -> Long::class.javaObjectType
                else -> jvm(e)
            }
        }
}

/** The element class of a `List<T>` (or `List<out T>`) field. */
fun typeArgument(t: Type): Class<*>? = when (val a = (t as? ParameterizedType)?.actualTypeArguments?.singleOrNull()) {
    is WildcardType -> a.upperBounds.singleOrNull() as? Class<*>
    else -> a as? Class<*>
}

fun manifestTests() {
    val m = parseJson(File(T.root, "tests/api/manifest.json").readText()) as JObj
    val api = CompiledApi()
    val signatures = sourceSignatures()

    fun items(key: String): List<JObj> = m.list(key).map { it as JObj }
    val unionOf = items("unions").flatMap { u ->
        u.list("variants").map { v -> (v as JObj).str("record") to (u.str("name") + "." + v.str("kotlin")) }
    }.toMap()
    // Every type's Kotlin name: records (a union's variants nested in it), unions, enums.
    val kotlinNames = HashMap<String, String>()
    for (r in items("records")) kotlinNames[r.str("name")] = unionOf[r.str("name")] ?: KotlinEntry(r, r.str("name")).name
    for (key in listOf("unions", "enums")) for (e in items(key)) kotlinNames[e.str("name")] = KotlinEntry(e, e.str("name")).name
    val pendingTypes = (items("records") + items("unions") + items("enums"))
        .filter { KotlinEntry(it, "").let { k -> k.change != null || k.missing != null } }.map { it.str("name") }.toSet()
    val types = ManifestTypes(m, kotlinNames, pendingTypes)

    val expectedFunctions = HashSet<String>()
    val expectedClasses = HashSet<String>()

    for (f in items("functions")) {
        val k = KotlinEntry(f, camel(f.str("name")))
        if (k.omitted) {
            T.test("manifest: function ${f.str("name")} is not in Kotlin") { assertTrue(k.name !in api.functions) }
            continue
        }
        expectedFunctions += k.name
        val args = f.list("args").map { it as JObj }.filter { !KotlinEntry(it, "").omitted }
        manifestTest("function ${k.name}", pending(f, k.name, f.list("args"))) {
            val method = api.functions[k.name] ?: fail("no function ${k.name}")
            assertEquals(args.map { KotlinEntry(it, camel(it.str("name"))).name }, method.parameters.map { it.name }, "parameters")
            val (params, result) = signatures[k.name] ?: fail("no signature of ${k.name} in the generated source")
            for ((arg, param) in args.zip(params)) {
                val type = plainType(param.substringAfter(':').substringBefore(" = "))
                val default = param.substringAfter(" = ", "").ifEmpty { null }
                val want = types.kotlin(arg.str("type"))
                val argName = arg.str("name")
                if (arg["optional"] == true) {
                    assertTrue(default != null, "$argName has a default")
                    // A language may write a default as its own null when the core applies it.
                    val nullable = arg["default"] == null || default == "null"
                    assertEquals(if (nullable) want.removeSuffix("?") + "?" else want, type, "type of $argName")
                } else {
                    assertEquals(null, default, "$argName has no default")
                    assertEquals(want, type, "type of $argName")
                }
            }
            assertEquals(types.kotlin(f.str("result")), plainType(result), "result")
        }
    }

    for (r in items("records")) {
        val k = KotlinEntry(r, kotlinNames.getValue(r.str("name")))
        if (k.omitted) {
            T.test("manifest: record ${r.str("name")} is not in Kotlin") { assertTrue(k.name !in api.classes) }
            continue
        }
        if (r.str("name") !in unionOf) expectedClasses += k.name
        val fields = r.list("fields").map { it as JObj }.filter { !KotlinEntry(it, "").omitted }
        manifestTest("record ${k.name}", pending(r, k.name, r.list("fields"))) {
            val cls = classOf(api, k.name)
            if (fields.isEmpty()) {
                assertTrue(api.fields(cls).isEmpty(), "${k.name} has no fields")
                return@manifestTest
            }
            assertTrue(cls.methods.any { it.name.startsWith("component1") }, "${k.name} is a data class")
            val got = api.fields(cls)
            assertEquals(fields.map { KotlinEntry(it, camel(it.str("name"))).name }, got.map { it.name }, "fields")
            for ((field, jvm) in fields.zip(got)) {
                if (Regex("\\w+").findAll(field.str("type")).any { it.value in types.pendingTypes }) continue
                assertEquals(types.jvm(field.str("type")), jvm.type, "type of ${jvm.name}")
                types.element(field.str("type"))?.let { assertEquals(it, typeArgument(jvm.genericType), "element of ${jvm.name}") }
            }
        }
    }

    for (u in items("unions")) {
        val k = KotlinEntry(u, u.str("name"))
        expectedClasses += k.name
        val variants = u.list("variants").map { (it as JObj).str("kotlin") }
        manifestTest("union ${k.name}", pending(u, k.name, emptyList())) {
            val cls = classOf(api, k.name)
            assertTrue(Modifier.isAbstract(cls.modifiers), "${k.name} is sealed")
            assertEquals(variants.toSet(), api.nested(cls).keys, "variants")
            for (v in api.nested(cls).values) assertEquals(cls, v.superclass, "${v.simpleName} extends ${k.name}")
        }
    }

    for (e in items("enums")) {
        val k = KotlinEntry(e, e.str("name"))
        if (k.omitted) {
            T.test("manifest: enum ${e.str("name")} is not in Kotlin") { assertTrue(k.name !in api.classes) }
            continue
        }
        expectedClasses += k.name
        manifestTest("enum ${k.name}", pending(e, k.name, emptyList())) {
            val cls = classOf(api, k.name)
            assertTrue(cls.isEnum, "${k.name} is an enum class")
            assertEquals(e.list("values").map { screaming(it as String) }, cls.enumConstants.map { (it as Enum<*>).name })
        }
    }

    val exceptionVariants = HashSet<String>()
    for (e in items("errors")) {
        val k = KotlinEntry(e, e.str("name"))
        if (k.omitted) {
            T.test("manifest: error ${e.str("name")} is not in Kotlin") {
                assertTrue(k.name !in api.classes && k.name !in api.nested(classOf(api, "CobroException")))
            }
            continue
        }
        if ('.' in k.name) exceptionVariants += k.name.substringAfter('.') else expectedClasses += k.name
        val kotlin = (e["languages"] as JObj).obj("kotlin")
        val fields = kotlin.list("fields").map { it as String }
        manifestTest("error ${k.name}", pending(e, k.name, emptyList())) {
            val cls = classOf(api, k.name)
            assertTrue(Throwable::class.java.isAssignableFrom(cls), "${k.name} is an exception")
            assertEquals(fields, api.fields(cls).map { it.name }, "fields")
            if ('.' in k.name) assertEquals(CobroException::class.java, cls.superclass)
        }
    }
    T.test("manifest: CobroException is sealed, with exactly the manifest's variants") {
        val root = classOf(api, "CobroException")
        assertTrue(Modifier.isAbstract(root.modifiers))
        assertEquals(exceptionVariants, api.nested(root).keys)
    }

    for (h in items("host_types")) {
        val k = KotlinEntry(h, h.str("name"))
        if (k.omitted) T.test("manifest: host type ${k.name} is not in Kotlin") { assertTrue(k.name !in api.classes) }
    }

    // Names the manifest removed: gone for good, or (not yet `done`) a pending change.
    val removedNames = HashSet<String>()
    for (r in items("removed")) {
        if ("kotlin" !in r.list("languages")) continue
        val name = r.str("name")
        val kotlinName = if (name.first().isLowerCase()) camel(name) else name
        removedNames += kotlinName
        val marker = if (r["done"] == true) null else "removed: ${r.str("why")}"
        manifestTest("$kotlinName is not in Kotlin", marker) {
            when {
                '.' in kotlinName -> assertTrue(kotlinName.substringAfter('.') !in api.nested(classOf(api, kotlinName.substringBefore('.'))))
                name.first().isLowerCase() -> assertTrue(kotlinName !in api.functions)
                else -> assertTrue(kotlinName !in api.classes)
            }
        }
    }

    // Both ways: nothing public beyond the manifest and uniffi's runtime. A type whose
    // pending change renames it (its new name is not there yet) is still public under its
    // old name until the change lands.
    val renames = (items("records") + items("enums") + items("unions") + items("errors"))
        .filter { KotlinEntry(it, "").change != null }
        .filter { runCatching { classOf(api, kotlinNames[it.str("name")] ?: KotlinEntry(it, it.str("name")).name) }.isFailure }
        .mapNotNull { KotlinEntry(it, "").change }
    manifestTest("nothing public in package cobro beyond the manifest", if (renames.isEmpty()) null else renames.joinToString("; ")) {
        // A type token whose Kotlin spelling is a class of the package (Personal).
        val typeClasses = types.scalars.values.filter { it in api.classes }.toSet()
        val extraClasses = api.classes.keys.filter { !UNIFFI_CLASSES.matches(it) } - expectedClasses - removedNames - typeClasses
        val extraFunctions = api.functions.keys.filter { !UNIFFI_FUNCTIONS.matches(it) } - expectedFunctions - removedNames
        assertEquals(emptyList(), (extraClasses + extraFunctions).sorted(), "public in cobro but not in the manifest")
    }
    T.test("manifest: the checks found the API") {
        assertTrue(expectedFunctions.size >= 20 && expectedClasses.size >= 40, "$expectedFunctions $expectedClasses")
    }

    T.test("manifest: every code a function or an error class lists is in codes(), with that class") {
        val byCode = codes().associateBy { it.code }
        val listed = items("functions").flatMap { f ->
            f.list("errors").map { Triple(f.str("name"), (it as JObj).str("class"), it.list("codes")) }
        } + items("errors").filter { it.has("codes") }.map { e -> Triple(e.str("name"), e.str("name"), e.list("codes")) }
        assertTrue(listed.size > 20)
        for ((where, cls, list) in listed) {
            for (code in list) {
                val c = byCode[code as String] ?: fail("$where: $code is not in codes()")
                assertTrue(cls in c.classes, "$where: $code is listed as $cls but codes() gives ${c.classes}")
            }
        }
    }
}

/** A public class of `cobro` by its Kotlin name (`Union.Variant` for a nested one). */
fun classOf(api: CompiledApi, name: String): Class<*> {
    val top = api.classes[name.substringBefore('.')] ?: fail("no class ${name.substringBefore('.')}")
    if ('.' !in name) return top
    return api.nested(top)[name.substringAfter('.')] ?: fail("no class $name")
}
