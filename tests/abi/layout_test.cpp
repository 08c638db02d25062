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
#define ABI_FIELD(T, field) {#T "." #field, offsetof(T, field)},
#define ABI_SIZE(T) {"sizeof " #T, sizeof(T)},
const std::map<std::string, size_t> kCurrent = {
#include "abi_1_0_members.h"
};
#undef ABI_FIELD
#undef ABI_SIZE

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

// 1.3 appended bb_requirements.display right after root, where 1.2's struct
// had tail padding on LP64: both sizes are the same, which is why the host
// reads it only from plugins built for 1.3 or later (frozen_1_2.c holds
// garbage there; AbiCompatibility.APluginBuiltAgainstTheFrozen12Header...).
// The one exception to the rule that a minor appends after the previous
// minor's size, which check_layout.py holds every other field to.
TEST(AbiLayout, RequirementsDisplayIsAppendedAfterRoot) {
    EXPECT_EQ(offsetof(bb_requirements, display),
              offsetof(bb_requirements, root) + sizeof(uint32_t));
    EXPECT_GE(sizeof(bb_requirements), offsetof(bb_requirements, display) + sizeof(uint32_t));
}

bb_run_context context_for(const bb_host *) {
    static volatile int32_t stop = 0;
    bb_run_context ctx{};
    ctx.struct_size = sizeof ctx;
    ctx.stop_flag = &stop;
    return ctx;
}

TEST(AbiLayout, DetailReachesA11Host) {
    bytebench::test::fake_host_state().details.clear();
    const bb_run_context ctx = context_for(bytebench::test::fake_host());
    const bytebench::Context context(bytebench::test::fake_host(), &ctx);
    EXPECT_TRUE(context.detail("isa", "avx512"));
    EXPECT_EQ(bytebench::test::fake_host_state().details["isa"], "avx512");
}

TEST(AbiLayout, DetailIsANoOpOnA10Host) {
    // A 1.0 host's table ends before record_detail: the helper must not read
    // past it (the field here holds garbage to prove it is never called).
    bb_host old = *bytebench::test::fake_host();
    old.struct_size = static_cast<uint32_t>(offsetof(bb_host, record_detail));  // 1.0's size
    old.abi_minor = 0;
    old.record_detail = reinterpret_cast<decltype(old.record_detail)>(0x1);
    const bb_run_context ctx = context_for(&old);
    const bytebench::Context context(&old, &ctx);
    EXPECT_FALSE(context.detail("isa", "avx512"));
}

}  // namespace
