// The first-party "graphics" plugin: UnixBench's graphics tests. Its table
// of workloads: the ten 2D groups, which run x11perf (two_d.cpp), and the 3D
// gears test, which runs graphics.d/ubgears (gears/).
#include <bytebench/plugin.hpp>

#include "gears_workload.h"
#include "two_d.h"

namespace {

bytebench::Plugin graphics_plugin() {
    bytebench::Plugin plugin("org.bytebench.graphics");
    plugin.name("bytebench graphics workloads").vendor("bytebench").version("0.1.0");
    for (const bb_workload *w : bytebench::plugins::graphics::two_d_workloads()) plugin.add(w);
    plugin.add(gears_workload());
    return plugin;
}

}  // namespace

BYTEBENCH_PLUGIN(graphics_plugin())
