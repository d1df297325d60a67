// SQLite 3 (Debian package libsqlite3-dev).
#include <sqlite3.h>
