// libcanberra: event sounds from the freedesktop sound theme, played through the desktop's
// sound server (PulseAudio or PipeWire's pulse, else ALSA) on a thread of its own.
#include <canberra.h>
