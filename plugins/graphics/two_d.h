// The 2D graphics workloads (two_d.cpp): one class for the ten groups.
#ifndef BYTEBENCH_PLUGINS_GRAPHICS_TWO_D_H
#define BYTEBENCH_PLUGINS_GRAPHICS_TWO_D_H

#include <bytebench/plugin.h>

#include <bytebench/plugin.hpp>
#include <string>
#include <vector>

#include "x11perf_groups.h"

namespace bytebench::plugins::graphics {

// One copy-pass of a 2D group: x11perf for each of its 4 tests.
class TwoDGroup {
  public:
    // Throws bytebench::Skip when there is no X display.
    TwoDGroup(const X11perfGroup &group, const bytebench::Context &ctx);
    double run(bytebench::Context &ctx);

  private:
    // Runs x11perf for one test and returns its score; records its rate and
    // score as details. Throws when x11perf fails.
    double run_test(const X11perfTest &test, const bytebench::Context &ctx) const;

    const X11perfGroup &group_;
    std::string display_;  // $DISPLAY
    X11perfSettings settings_;
};

// The ten workloads' descriptors, in UnixBench's order.
std::vector<const bb_workload *> two_d_workloads();

}  // namespace bytebench::plugins::graphics

#endif  // BYTEBENCH_PLUGINS_GRAPHICS_TWO_D_H
