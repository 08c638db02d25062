// The ABI's promises that a compiler can check: 1.1 only appended fields (so
// every 1.0 field sits where a 1.0 plugin expects it), and the C++ helper
// degrades gracefully on a 1.0 host.
#include <bytebench/plugin.h>
#include <gtest/gtest.h>

#include <bytebench/plugin.hpp>
#include <cstddef>
#include <map>
#include <string>

#include "fake_host.h"
#include "frozen_layout.h"

namespace {

// The current layout of everything frozen_layout.c measures.
#define ENTRY(T, field) \
    { #T "." #field, offsetof(T, field) }
#define SIZE(T) \
    { "sizeof " #T, sizeof(T) }
const std::map<std::string, size_t> kCurrent = {
    SIZE(bb_host),
    SIZE(bb_param_desc),
    SIZE(bb_run_context),
    SIZE(bb_run_result),
    SIZE(bb_workload),
    SIZE(bb_reporter),
    SIZE(bb_plugin),
    ENTRY(bb_host, abi_major),
    ENTRY(bb_host, abi_minor),
    ENTRY(bb_host, host_version),
    ENTRY(bb_host, host_data),
    ENTRY(bb_host, log),
    ENTRY(bb_host, temp_dir),
    ENTRY(bb_host, should_stop),
    ENTRY(bb_host, now_ns),
    ENTRY(bb_host, progress),
    ENTRY(bb_host, plugin_dir),
    ENTRY(bb_host, get_extension),
    ENTRY(bb_param_desc, key),
    ENTRY(bb_param_desc, type),
    ENTRY(bb_param_desc, default_value),
    ENTRY(bb_param_desc, help),
    ENTRY(bb_run_context, copy_index),
    ENTRY(bb_run_context, copy_count),
    ENTRY(bb_run_context, pass_index),
    ENTRY(bb_run_context, duration_ns),
    ENTRY(bb_run_context, deadline_ns),
    ENTRY(bb_run_context, stop_flag),
    ENTRY(bb_run_context, param_count),
    ENTRY(bb_run_context, param_keys),
    ENTRY(bb_run_context, param_values),
    ENTRY(bb_run_result, count),
    ENTRY(bb_run_result, elapsed_ns),
    ENTRY(bb_run_result, error),
    ENTRY(bb_workload, id),
    ENTRY(bb_workload, name),
    ENTRY(bb_workload, description),
    ENTRY(bb_workload, category),
    ENTRY(bb_workload, unit),
    ENTRY(bb_workload, version),
    ENTRY(bb_workload, time_base_s),
    ENTRY(bb_workload, repeat),
    ENTRY(bb_workload, default_duration_s),
    ENTRY(bb_workload, baseline),
    ENTRY(bb_workload, flags),
    ENTRY(bb_workload, processes_per_copy),
    ENTRY(bb_workload, param_count),
    ENTRY(bb_workload, params),
    ENTRY(bb_workload, create),
    ENTRY(bb_workload, run),
    ENTRY(bb_workload, destroy),
    ENTRY(bb_reporter, id),
    ENTRY(bb_reporter, name),
    ENTRY(bb_reporter, description),
    ENTRY(bb_reporter, file_extension),
    ENTRY(bb_reporter, write),
    ENTRY(bb_plugin, abi_major),
    ENTRY(bb_plugin, abi_minor),
    ENTRY(bb_plugin, min_host_minor),
    ENTRY(bb_plugin, reserved),
    ENTRY(bb_plugin, id),
    ENTRY(bb_plugin, name),
    ENTRY(bb_plugin, vendor),
    ENTRY(bb_plugin, version),
    ENTRY(bb_plugin, workload_count),
    ENTRY(bb_plugin, workloads),
    ENTRY(bb_plugin, reporter_count),
    ENTRY(bb_plugin, reporters),
    ENTRY(bb_plugin, build_info),
};

TEST(AbiLayout, Every10FieldKeepsItsOffsetAndStructsOnlyGrow) {
    size_t count = 0;
    const frozen_layout_entry *frozen = frozen_layout_1_0(&count);
    ASSERT_EQ(count, kCurrent.size());
    for (size_t i = 0; i < count; ++i) {
        const std::string what = frozen[i].what;
        const auto now = kCurrent.find(what);
        ASSERT_NE(now, kCurrent.end()) << what;
        if (what.rfind("sizeof ", 0) == 0)
            EXPECT_GE(now->second, frozen[i].value) << what << " shrank";
        else
            EXPECT_EQ(now->second, frozen[i].value) << what << " moved";
    }
    EXPECT_EQ(BYTEBENCH_ABI_MAJOR, 1);
}

bb_run_context context_for(const bb_host *) {
    static volatile int32_t stop = 0;
    bb_run_context ctx{};
    ctx.struct_size = sizeof ctx;
    ctx.stop_flag = &stop;
    return ctx;
}

TEST(AbiLayout, DetailReachesA11Host) {
    bytebench_test::fake_host_state().details.clear();
    const bb_run_context ctx = context_for(bytebench_test::fake_host());
    const bytebench::Context context(bytebench_test::fake_host(), &ctx);
    EXPECT_TRUE(context.detail("isa", "avx512"));
    EXPECT_EQ(bytebench_test::fake_host_state().details["isa"], "avx512");
}

TEST(AbiLayout, DetailIsANoOpOnA10Host) {
    // A 1.0 host's table ends before record_detail: the helper must not read
    // past it (the field here holds garbage to prove it is never called).
    bb_host old = *bytebench_test::fake_host();
    old.struct_size = static_cast<uint32_t>(offsetof(bb_host, record_detail));  // 1.0's size
    old.abi_minor = 0;
    old.record_detail = reinterpret_cast<decltype(old.record_detail)>(0x1);
    const bb_run_context ctx = context_for(&old);
    const bytebench::Context context(&old, &ctx);
    EXPECT_FALSE(context.detail("isa", "avx512"));
}

}  // namespace
