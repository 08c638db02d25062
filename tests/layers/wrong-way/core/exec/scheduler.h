// Below: allowed (exec uses model), and a path that climbs out of its folder.
#pragma once

#include "../model/record.h"
#include "model/record.h"
