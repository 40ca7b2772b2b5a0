// The shared vectors of tests/vectors as the tests read them: each file parsed, each
// validation case given as a base and a patch given the `body` it stands for
// (tests/vectors/README.md), and a case's body as bytes.
package cobrotests

import java.io.File

/** The JSON files of `tests/vectors/<folder>`, sorted, each with its parsed content. */
fun vectorFiles(folder: String): List<Pair<File, JObj>> {
    val files = File(T.root, "tests/vectors/$folder").listFiles { f -> f.name.endsWith(".json") }
        ?.sortedBy { it.name }.orEmpty()
    check(files.isNotEmpty()) { "no vectors in $folder" }
    return files.map { file ->
        val content = parseJson(file.readText()) as JObj
        if (content.has("cases")) content.list("cases").forEach { expand(content, it as JObj) }
        file to content
    }
}

/** Gives a case stated as a base and a patch the `body` it stands for. */
private fun expand(content: JObj, case: JObj) {
    if (!case.has("base")) {
        check(!case.has("remove") && !case.has("set")) { "${case.str("name")}: a patch needs a base" }
        return
    }
    check(listOf("body", "body_text", "body_hex").none { case.has(it) }) { "${case.str("name")}: one body" }
    val text = patched(
        content.obj("bases").raw.getValue(case.str("base")),
        if (case.has("remove")) case.list("remove").map { it as String } else emptyList(),
        if (case.has("set")) case.obj("set").raw else emptyMap(),
    )
    case.members["body"] = parseJson(text)
    case.raw["body"] = text
}

/** An object on a pointer's path: its members, each value a [Members] or its text. */
private class Members(text: String) {
    val map = LinkedHashMap<String, Any>((parseJson(text) as? JObj ?: error("a pointer goes through $text")).raw)
}

/** The members holding the member `pointer` names, and that member's key. */
private fun parentOf(root: Members, pointer: String): Pair<Members, String> {
    check(pointer.startsWith("/")) { "$pointer does not start with /" }
    val tokens = pointer.substring(1).split("/").map { it.replace("~1", "/").replace("~0", "~") }
    var node = root
    for (token in tokens.dropLast(1)) {
        node = when (val child = node.map[token]) {
            is String -> Members(child).also { node.map[token] = it }
            is Members -> child
            else -> error("$pointer names no member")
        }
    }
    return node to tokens.last()
}

private fun write(node: Any, out: StringBuilder) {
    if (node is String) {
        out.append(node)
        return
    }
    out.append('{')
    for ((n, entry) in (node as Members).map.entries.withIndex()) {
        val key = entry.key
        check(key.none { it == '"' || it == '\\' || it < ' ' }) { "the key $key must be written as it reads" }
        if (n > 0) out.append(", ")
        out.append('"').append(key).append("\": ")
        write(entry.value, out)
    }
    out.append('}')
}

/**
 * `base` with the members of `remove` taken out, then each member of `set` (pointer to
 * value text) given its value in place, or appended to its object when new. Only the
 * objects a pointer reaches are written again; every other value keeps its text.
 */
fun patched(base: String, remove: List<String>, set: Map<String, String>): String {
    val root = Members(base)
    for (pointer in remove) {
        val (members, key) = parentOf(root, pointer)
        checkNotNull(members.map.remove(key)) { "nothing to remove at $pointer" }
    }
    for ((pointer, text) in set) {
        val (members, key) = parentOf(root, pointer)
        members.map[key] = text
    }
    return StringBuilder().also { write(root, it) }.toString()
}

/** The case's body: `body` (its raw text), `body_text` or `body_hex`. */
fun bodyBytes(case: JObj): ByteArray = when {
    case.has("body") -> case.raw.getValue("body").toByteArray(Charsets.UTF_8)
    case.has("body_text") -> case.str("body_text").toByteArray(Charsets.UTF_8)
    else -> case.str("body_hex").chunked(2).map { it.toInt(16).toByte() }.toByteArray()
}
