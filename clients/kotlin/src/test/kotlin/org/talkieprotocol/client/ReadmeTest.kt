package org.talkieprotocol.client

import org.junit.jupiter.api.Assertions.assertEquals
import org.junit.jupiter.api.Assertions.assertTrue
import org.junit.jupiter.api.Test
import java.io.File

/** The README's quickstart is the sample Maven compiles (and the live tests run), character for character. */
class ReadmeTest {
    @Test
    fun `the quickstart in the README is the compiled sample`() {
        val readme = File(Contract.root, "clients/kotlin/README.md").readText()
        val block = Regex("```kotlin\n(.*?)```", RegexOption.DOT_MATCHES_ALL).find(readme)?.groupValues?.get(1)
        val sample = File(Contract.root, "clients/kotlin/src/test/kotlin/org/talkieprotocol/samples/Quickstart.kt").readText()
        assertEquals(sample, block, "clients/kotlin/README.md's first kotlin block must equal samples/Quickstart.kt")
    }

    @Test
    fun `the README states the Kotlin compiler floor the artifact's metadata sets`() {
        // the metadata version of the classes as compiled (a Kotlin compiler reads metadata up to one minor newer)
        val metadata = TalkieClient::class.java.getAnnotation(Metadata::class.java).metadataVersion
        val pom = File(Contract.root, "clients/kotlin/pom.xml").readText()
        val built = Regex("<kotlin.version>(\\d+)\\.(\\d+)\\.").find(pom)!!.groupValues
        assertEquals(listOf(built[1].toInt(), built[2].toInt()), metadata.take(2), "metadata ${metadata.toList()}")
        val floor = "${metadata[0]}.${metadata[1] - 1}"
        val readme = File(Contract.root, "clients/kotlin/README.md").readText().replace(Regex("\\s+"), " ")
        assertTrue("Built with Kotlin ${metadata[0]}.${metadata[1]} " in readme, "the README names the Kotlin it is built with")
        assertTrue("needs a **Kotlin $floor compiler or newer**" in readme, "the README states the floor Kotlin $floor")
    }
}
