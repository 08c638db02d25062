// A reporter that uses the core's model: refused (reporters use base/ only).
#include "base/text.h"
#include "model/record.h"
