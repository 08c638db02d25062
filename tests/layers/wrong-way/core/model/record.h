// A model header that reaches up into exec: the check must refuse it.
#pragma once

#include "base/text.h"
#include "exec/scheduler.h"
