// GIO's desktop-file lookup (GDesktopAppInfo), the desktop's own reader of .desktop files.
#include <gio/gdesktopappinfo.h>
