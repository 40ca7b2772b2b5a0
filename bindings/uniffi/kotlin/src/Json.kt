// A small JSON reader for the tests (JDK 17 has no JSON parser).
//
// It keeps the exact text of every object member (`JObj.raw`): a vector's body such as
// `150.000`, a repeated key or an escape must reach the core as written. Numbers stay
// text (`JNum`).
package cobrotests

/** A JSON object: members in order, and each member's raw text. */
class JObj(val members: LinkedHashMap<String, Any?>, val raw: LinkedHashMap<String, String>) {
    operator fun get(key: String): Any? = members[key]
    fun has(key: String): Boolean = members.containsKey(key)
    fun obj(key: String): JObj = members[key] as JObj
    fun str(key: String): String = members[key] as String
    @Suppress("UNCHECKED_CAST")
    fun list(key: String): List<Any?> = members[key] as List<Any?>
}

/** A JSON number, as its text. */
data class JNum(val text: String)

class JsonReader(private val s: String) {
    private var i = 0

    fun read(): Any? {
        val v = value()
        ws()
        require(i == s.length) { "trailing text at $i" }
        return v
    }

    private fun ws() {
        while (i < s.length && s[i] in " \t\r\n") i++
    }

    private fun value(): Any? {
        ws()
        return when (s[i]) {
            '{' -> obj()
            '[' -> array()
            '"' -> string()
            't' -> word("true", true)
            'f' -> word("false", false)
            'n' -> word("null", null)
            else -> number()
        }
    }

    private fun word(w: String, v: Any?): Any? {
        require(s.startsWith(w, i)) { "bad literal at $i" }
        i += w.length
        return v
    }

    private fun number(): JNum {
        val start = i
        while (i < s.length && s[i] in "+-0123456789.eE") i++
        require(i > start) { "unexpected character at $start" }
        return JNum(s.substring(start, i))
    }

    private fun obj(): JObj {
        val members = LinkedHashMap<String, Any?>()
        val raw = LinkedHashMap<String, String>()
        i++
        ws()
        if (s[i] == '}') { i++; return JObj(members, raw) }
        while (true) {
            ws()
            val key = string()
            ws()
            require(s[i] == ':') { "expected : at $i" }
            i++
            ws()
            val start = i
            members[key] = value()
            raw[key] = s.substring(start, i)
            ws()
            val c = s[i++]
            if (c == '}') return JObj(members, raw)
            require(c == ',') { "expected , at ${i - 1}" }
        }
    }

    private fun array(): List<Any?> {
        val out = ArrayList<Any?>()
        i++
        ws()
        if (s[i] == ']') { i++; return out }
        while (true) {
            out.add(value())
            ws()
            val c = s[i++]
            if (c == ']') return out
            require(c == ',') { "expected , at ${i - 1}" }
        }
    }

    private fun string(): String {
        require(s[i] == '"') { "expected a string at $i" }
        i++
        val out = StringBuilder()
        while (true) {
            val c = s[i++]
            when (c) {
                '"' -> return out.toString()
                '\\' -> {
                    val e = s[i++]
                    when (e) {
                        'n' -> out.append('\n')
                        'r' -> out.append('\r')
                        't' -> out.append('\t')
                        'b' -> out.append('\b')
                        'f' -> out.append('\u000c')
                        'u' -> { out.append(s.substring(i, i + 4).toInt(16).toChar()); i += 4 }
                        else -> out.append(e) // '"', '\\', '/'
                    }
                }
                else -> out.append(c)
            }
        }
    }
}

fun parseJson(text: String): Any? = JsonReader(text).read()
