// libFuzzer target: suite files (core/plan/suite_file.h). Whatever the bytes,
// parse_suite gives a Suite or throws a SuiteError that names the file;
// anything else (another exception, a crash, a leak, undefined behaviour)
// is a finding.
#include <cmath>
#include <cstddef>
#include <cstdint>
#include <string>

#include "fuzz_support.h"
#include "plan/suite_file.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
    using namespace bytebench;
    const std::string text(reinterpret_cast<const char *>(data), size);
    try {
        const Suite suite = parse_suite(text, "fuzz.toml");
        if (suite.name.empty()) fuzz::finding("a suite without a name was accepted");
        // What the run plan asks of an accepted suite.
        for (const TestDef &test : suite.tests) {
            if (suite.find_test(test.id) == nullptr) fuzz::finding("find_test misses " + test.id);
            if (test.passes && *test.passes < 1) fuzz::finding("passes below 1 accepted");
            if (test.baseline && !(*test.baseline > 0 && std::isfinite(*test.baseline)))
                fuzz::finding("a baseline that is not finite and > 0 accepted");
            if (test.duration_s && !(*test.duration_s >= 0.001 && *test.duration_s <= 86400))
                fuzz::finding("a duration outside [0.001, 86400] accepted");
            (void)suite.category_title(test.category);
        }
        if (suite.settle_s && !(*suite.settle_s >= 0 && *suite.settle_s <= 600))
            fuzz::finding("a settle time outside [0, 600] accepted");
        for (const auto &[group, members] : suite.groups) {
            if (suite.find_group(group) == nullptr) fuzz::finding("find_group misses " + group);
            for (const std::string &member : members)
                if (suite.find_group(member) == nullptr && suite.find_test(member) == nullptr)
                    fuzz::finding("group " + group + " has an unknown member " + member);
        }
    } catch (const SuiteError &e) {
        if (std::string(e.what()).rfind("fuzz.toml:", 0) != 0)
            fuzz::finding(std::string("a SuiteError that does not name the file: ") + e.what());
    } catch (const std::exception &e) {
        fuzz::unexpected("parse_suite", e);
    }
    return 0;
}
