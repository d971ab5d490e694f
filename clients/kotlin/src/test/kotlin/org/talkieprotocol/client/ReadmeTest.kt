package org.talkieprotocol.client

import org.junit.jupiter.api.Assertions.assertEquals
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
}
