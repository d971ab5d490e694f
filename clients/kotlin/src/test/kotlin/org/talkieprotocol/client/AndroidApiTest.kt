package org.talkieprotocol.client

import org.junit.jupiter.api.Assertions.assertEquals
import org.junit.jupiter.api.Test
import java.io.File

/** The main source set imports nothing Android lacks (it runs on phones as well as on JVMs). */
class AndroidApiTest {
    private val forbidden = listOf("java.net.http", "java.nio.file", "java.awt", "javax.swing", "java.lang.management", "sun.")

    @Test
    fun `no JVM-only API in the main source set`() {
        val main = File(Contract.root, "clients/kotlin/src/main/kotlin")
        val offending = main.walkTopDown().filter { it.isFile && it.name.endsWith(".kt") }.flatMap { file ->
            file.readLines().filter { line -> line.startsWith("import ") && forbidden.any { line.removePrefix("import ").startsWith(it) } }
                .map { "${file.name}: $it" }
        }.toList()
        assertEquals(emptyList<String>(), offending)
    }
}
