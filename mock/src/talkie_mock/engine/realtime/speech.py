"""The assistant's voice: text to 16-bit mono PCM, with eSpeak NG when it loads, else a tone.

eSpeak NG comes as a shared library inside the `espeakng-loader` wheel (no system package needed) and is
driven through ctypes in synchronous mode. The library keeps global state, so one lock serialises every
synthesis; callers run :meth:`Speaker.synthesize` in a worker thread. When the library cannot be loaded (an
unusual platform), a 440 Hz tone whose length follows the text stands in, so the audio still starts and
stops the way a spoken turn does.
"""

from __future__ import annotations

import ctypes
import logging
import math
import struct
import threading
from dataclasses import dataclass

log = logging.getLogger("talkie_mock.engine.realtime.speech")

RATE = 22050
"""Samples per second of everything this module produces (eSpeak NG's native rate)."""
TONE_SECONDS_PER_CHAR = 0.06
_AUDIO_OUTPUT_SYNCHRONOUS = 2
_ESPEAK_RATE = 1
_ESPEAK_CHARS_UTF8 = 1
_VOICES = {"cs": b"cs", "en": b"en"}
_CALLBACK = ctypes.CFUNCTYPE(ctypes.c_int, ctypes.POINTER(ctypes.c_short), ctypes.c_int, ctypes.c_void_p)


@dataclass(frozen=True)
class Speech:
    pcm: bytes
    engine: str

    @property
    def seconds(self) -> float:
        return len(self.pcm) / 2 / RATE


class _Espeak:
    """The loaded library and the callback that collects its samples."""

    def __init__(self, words_per_minute: int) -> None:
        import espeakng_loader  # type: ignore[import-untyped]

        self.lib = ctypes.CDLL(espeakng_loader.get_library_path())
        data = espeakng_loader.get_data_path().encode()
        if self.lib.espeak_Initialize(_AUDIO_OUTPUT_SYNCHRONOUS, 0, data, 0) != RATE:
            raise OSError("eSpeak NG did not initialise at the expected sample rate")
        self.chunks: list[bytes] = []
        self.callback = _CALLBACK(self._collect)  # kept referenced: the library calls it later
        self.lib.espeak_SetSynthCallback(self.callback)
        self.lib.espeak_SetParameter(_ESPEAK_RATE, words_per_minute, 0)

    def _collect(self, wav: ctypes._Pointer[ctypes.c_short], samples: int, _events: int | None) -> int:
        if samples > 0:
            self.chunks.append(ctypes.string_at(wav, samples * 2))
        return 0

    def say(self, text: str, locale: str) -> bytes:
        self.chunks = []
        self.lib.espeak_SetVoiceByName(_VOICES.get(locale, b"en"))
        raw = text.encode("utf-8")
        self.lib.espeak_Synth(raw, len(raw) + 1, 0, 0, 0, _ESPEAK_CHARS_UTF8, None, None)
        self.lib.espeak_Synchronize()
        return b"".join(self.chunks)


_lock = threading.Lock()
_engines: dict[int, _Espeak | None] = {}


def tone(text: str) -> bytes:
    """A soft 440 Hz tone, 60 ms per character (at least 0.3 s), faded in and out."""
    count = int(max(0.3, len(text) * TONE_SECONDS_PER_CHAR) * RATE)
    fade = min(count // 4, RATE // 50)
    samples = []
    for i in range(count):
        envelope = min(1.0, i / fade, (count - i) / fade) if fade else 1.0
        samples.append(int(4000 * envelope * math.sin(2 * math.pi * 440 * i / RATE)))
    return struct.pack(f"<{count}h", *samples)


class Speaker:
    """Synthesises the assistant's turns; `words_per_minute` lets tests speak faster than a person."""

    def __init__(self, words_per_minute: int = 175, use_espeak: bool = True) -> None:
        self.words_per_minute = words_per_minute
        self.use_espeak = use_espeak

    def _engine(self) -> _Espeak | None:
        if not self.use_espeak:
            return None
        if not _engines:  # the library is process-wide: initialise once, keep the rate per call
            try:
                _engines[0] = _Espeak(self.words_per_minute)
            except (OSError, ImportError, AttributeError) as exc:
                log.warning("eSpeak NG unavailable (%s): the assistant speaks in tones", exc)
                _engines[0] = None
        engine = _engines[0]
        if engine is not None:
            engine.lib.espeak_SetParameter(_ESPEAK_RATE, self.words_per_minute, 0)
        return engine

    def synthesize(self, text: str, locale: str) -> Speech:
        """Blocking: call it from a worker thread."""
        with _lock:
            engine = self._engine()
            pcm = engine.say(text, locale) if engine is not None else b""
        if pcm:
            return Speech(pcm, "espeak-ng")
        return Speech(tone(text), "tone")
