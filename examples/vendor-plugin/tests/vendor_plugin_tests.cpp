// Tests of the vendor plugins' logic, without a test framework:
//   vendor_plugin_tests isa|kernels|escape|junit|fsync
// Each group prints what it checks and exits non-zero on the first failure.
#include <chrono>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <functional>
#include <iostream>
#include <locale>
#include <map>
#include <nlohmann/json.hpp>
#include <sstream>
#include <stdexcept>
#include <string>
#include <thread>

#include "fma_kernels.hpp"
#include "fsync_latency.h"
#include "isa.hpp"
#include "junit_xml.hpp"

namespace {

int g_checks = 0;

[[noreturn]] void fail(const std::string &what) {
    std::cerr << "FAILED: " << what << "\n";
    std::exit(1);
}

void check(bool ok, const std::string &what) {
    ++g_checks;
    if (!ok) fail(what);
}

void check_equal(const std::string &actual, const std::string &expected, const std::string &what) {
    ++g_checks;
    if (actual != expected)
        fail(what + "\n--- expected ---\n" + expected + "\n--- actual ---\n" + actual);
}

// The message of the std::runtime_error `fn` throws; fails when it throws none.
std::string runtime_error_of(const std::function<void()> &fn, const std::string &what) {
    try {
        fn();
    } catch (const std::runtime_error &e) {
        return e.what();
    }
    fail(what + ": no std::runtime_error thrown");
}

std::string read_file(const std::string &path) {
    std::ifstream in(path, std::ios::binary);
    if (!in) fail("cannot read " + path);
    std::ostringstream s;
    s << in.rdbuf();
    return s.str();
}

bool contains(const std::string &text, const std::string &part) {
    return text.find(part) != std::string::npos;
}

// ---------------------------------------------------------------------------

void test_isa_choice() {
    using vendor::CpuFeatures;
    using vendor::Isa;
    const CpuFeatures all{true, true, true};
    const CpuFeatures avx2_fma{false, true, true};
    const CpuFeatures avx2_only{false, true, false};
    const CpuFeatures none{false, false, false};

    struct Case {
        CpuFeatures cpu;
        const char *requested;
        Isa expected;
        const char *reason;  // part of the skip reason
    };
    const Case cases[] = {
        {all, "auto", Isa::avx512, ""},
        {avx2_fma, "auto", Isa::avx2, ""},
        {all, "avx2", Isa::avx2, ""},
        {all, "avx512", Isa::avx512, ""},
        {avx2_fma, "avx512", Isa::none, "lacks AVX512F"},
        {avx2_only, "auto", Isa::none, "lacks FMA)"},
        {avx2_only, "avx2", Isa::none, "lacks FMA"},
        {none, "auto", Isa::none,
         "neither AVX-512 (AVX512F) nor AVX2 with FMA (lacks AVX2 and FMA)"},
        {none, "avx2", Isa::none, "isa=avx2 was asked for, but this CPU lacks AVX2 and FMA"},
        {none, "avx512", Isa::none, "isa=avx512 was asked for, but this CPU lacks AVX512F"},
    };
    for (const Case &c : cases) {
        const vendor::IsaChoice choice = vendor::choose_isa(c.cpu, c.requested);
        const std::string label = std::string("choose_isa(") + (c.cpu.avx512f ? "avx512f " : "") +
                                  (c.cpu.avx2 ? "avx2 " : "") + (c.cpu.fma ? "fma " : "") + "| " +
                                  c.requested + ")";
        check(choice.isa == c.expected, label + " chose " + vendor::isa_name(choice.isa));
        if (c.expected == Isa::none)
            check(contains(choice.reason, c.reason),
                  label + " reason '" + choice.reason + "' lacks '" + c.reason + "'");
        else
            check(choice.reason.empty(), label + " has a reason although it chose an ISA");
    }
    bool threw = false;
    try {
        vendor::choose_isa(all, "sse2");
    } catch (const std::invalid_argument &e) {
        threw = contains(e.what(), "\"sse2\"");
    }
    check(threw, "choose_isa(..., \"sse2\") throws std::invalid_argument naming the value");
    check_equal(vendor::isa_name(Isa::avx512), "avx512", "isa_name(avx512)");
    check_equal(vendor::isa_name(Isa::avx2), "avx2", "isa_name(avx2)");
}

// Runs each kernel this CPU has for exactly one block (the stop flag is
// already set) and compares the accumulators with the closed form.
void test_kernels() {
    using vendor::Isa;
    using vendor::Precision;
    const vendor::KernelShape zmm = vendor::kernel_shape(Isa::avx512, Precision::double_precision);
    check(zmm.vector_bits == 512 && zmm.lanes == 8 && zmm.accumulators >= 8,
          "AVX-512 double shape");
    check(vendor::kernel_shape(Isa::avx512, Precision::single_precision).lanes == 16,
          "AVX-512 single lanes");
    const vendor::KernelShape ymm = vendor::kernel_shape(Isa::avx2, Precision::double_precision);
    check(
        ymm.vector_bits == 256 && ymm.lanes == 4 && ymm.accumulators >= 8 && ymm.accumulators <= 14,
        "AVX2 double shape (8 to 14 accumulators: 16 ymm registers)");
    check(vendor::kernel_flops(ymm, 3, 1000) == 2.0 * ymm.accumulators * 4 * 3 * 1000,
          "kernel_flops counts an FMA as 2");

    const vendor::CpuFeatures cpu = vendor::detect_cpu_features();
    const volatile std::int32_t stop = 1;
    const std::uint64_t iterations = 1000;
    const double multiplier = 0.999, addend = 0.5;
    for (const Isa isa : {Isa::avx512, Isa::avx2}) {
        const bool present = isa == Isa::avx512 ? cpu.avx512f : cpu.avx2 && cpu.fma;
        if (!present) {
            std::cout << "  " << vendor::isa_name(isa) << ": not on this CPU, not run\n";
            continue;
        }
        for (const Precision p : {Precision::double_precision, Precision::single_precision}) {
            const bool single = p == Precision::single_precision;
            const std::string label =
                std::string(vendor::isa_name(isa)) + (single ? " single" : " double");
            const vendor::KernelRun run =
                vendor::run_fma_kernel(isa, p, &stop, iterations, multiplier, addend);
            const double expected = vendor::expected_checksum(vendor::kernel_shape(isa, p),
                                                              iterations, multiplier, addend);
            const double error = std::fabs(run.checksum - expected) / expected;
            check(run.blocks == 1, label + ": one block when the flag is already set");
            check(error < (single ? 1e-4 : 1e-12), label + ": checksum " +
                                                       std::to_string(run.checksum) +
                                                       ", expected " + std::to_string(expected));
            std::cout << "  " << label << ": checksum ok (relative error " << error << ")\n";
        }
    }
}

void test_escape() {
    using vendor::xml_escape;
    check_equal(xml_escape("a & b < c > d \" e ' f"), "a &amp; b &lt; c &gt; d &quot; e &apos; f",
                "the five entities");
    check_equal(xml_escape("]]>"), "]]&gt;", "CDATA end cannot appear");
    check_equal(xml_escape(std::string("bell\a nul") + '\0' + "x\x1b[0m\x7f"), "bell nulx[0m",
                "C0 controls and DEL are dropped");
    check_equal(xml_escape("tab\tline\nreturn\r", true), "tab&#9;line&#10;return&#13;",
                "attribute whitespace is kept as character references");
    check_equal(xml_escape("tab\tline\nreturn\r", false), "tab\tline\nreturn&#13;",
                "element text keeps tab and newline");
    check_equal(xml_escape("Gr\xc3\xbc\xc3\x9f"
                           "e \xe2\x82\xac \xf0\x9f\x9a\x80"),
                "Gr\xc3\xbc\xc3\x9f"
                "e \xe2\x82\xac \xf0\x9f\x9a\x80",
                "UTF-8 passes through");
    check_equal(xml_escape("c1:\xc2\x85 nonchar:\xef\xbf\xbe"),
                "c1: nonchar:", "C1 controls and U+FFFE are dropped");
    check_equal(xml_escape("bad:\xff\xc3(\xed\xa0\x80\xc0\xaf"),
                "bad:\xef\xbf\xbd\xef\xbf\xbd(\xef\xbf\xbd\xef\xbf\xbd\xef\xbf\xbd\xef\xbf\xbd"
                "\xef\xbf\xbd",
                "invalid UTF-8 (stray, truncated, surrogate, overlong) becomes U+FFFD");
}

// Numbers as "1.234,5".
struct CommaDecimal : std::numpunct<char> {
    char do_decimal_point() const override { return ','; }
    char do_thousands_sep() const override { return '.'; }
    std::string do_grouping() const override { return "\3"; }
};

std::string render(const std::string &json) {
    std::ostringstream out;
    vendor::write_junit(json, out);
    return out.str();
}

void test_junit() {
    const std::string fixtures = VENDOR_FIXTURES;
    const std::string result = read_file(fixtures + "/result.json");
    check_equal(render(result), read_file(fixtures + "/result.expected.xml"),
                "rendering of fixtures/result.json");

    // The same when the program's C++ locale writes "1.234,5": the report's
    // numbers do not change.
    const std::locale comma(std::locale::classic(), new CommaDecimal);
    const std::locale previous = std::locale::global(comma);
    std::ostringstream out;
    out.imbue(comma);
    vendor::write_junit(result, out);
    std::locale::global(previous);
    check_equal(out.str(), read_file(fixtures + "/result.expected.xml"),
                "rendering under a locale with a decimal comma and digit grouping");

    // An incomplete run is noted in every suite.
    nlohmann::json doc = nlohmann::json::parse(result);
    doc["status"] = "incomplete";
    const std::string incomplete = render(doc.dump());
    check(contains(incomplete, "<property name=\"run_status\" value=\"incomplete\"/>"),
          "incomplete run: run_status property");
    check(contains(incomplete, "<system-err>bytebench: the run is incomplete"),
          "incomplete run: system-err note");

    // A newer minor with members this reporter does not know renders the same.
    doc = nlohmann::json::parse(result);
    doc["schema"] = "bytebench.result/1.7";
    doc["future"] = {{"anything", 1}};
    doc["runs"][0]["tests"][0]["future"] = "ignored";
    doc["runs"][0]["future"] = nlohmann::json::array({1, 2});
    check_equal(render(doc.dump()), read_file(fixtures + "/result.expected.xml"),
                "bytebench.result/1.7 with unknown members");

    // No runs at all still gives a well-formed, empty report.
    const std::string empty =
        render(R"({"schema": "bytebench.result/1", "status": "incomplete", "runs": []})");
    check(contains(empty, "<testsuites name=\"bytebench\" tests=\"0\""), "no runs: 0 tests");
    check(contains(empty, "hostname=\"unknown\""), "no runs: hostname unknown");

    // Documents that are not results are refused with a clear message.
    check(contains(runtime_error_of([] { render(read_file(VENDOR_FIXTURES "/comparison.json")); },
                                    "comparison document"),
                   "is a comparison document"),
          "a comparison document is refused");
    check(contains(
              runtime_error_of([] { render(R"({"schema": "bytebench.result/2"})"); }, "result/2"),
              "unsupported result schema \"bytebench.result/2\""),
          "another schema major is refused");
    check(contains(runtime_error_of([] { render(R"({"runs": []})"); }, "no schema"),
                   "no \"schema\" member"),
          "a document without schema is refused");
    check(contains(runtime_error_of([] { render(R"({"schema": "other/1"})"); }, "other"),
                   "not a bytebench result document"),
          "another schema is refused");
    check(contains(runtime_error_of([] { render("[1, 2]"); }, "array"), "not a JSON object"),
          "a JSON array is refused");
    check(
        contains(runtime_error_of([] { render("{\"schema\": "); }, "truncated"), "not valid JSON"),
        "invalid JSON is refused");
}

// fsync-latency (plain C) through a minimal host of our own: a short run
// records its three latency metrics, ordered p50 <= p99 <= max.
struct FakeHost {
    bb_host host{};
    std::string temp_dir;
    std::map<std::string, double> metrics;
};

FakeHost &fake_of(const bb_host *host) { return *static_cast<FakeHost *>(host->host_data); }

void test_fsync_metrics() {
    FakeHost fake;
    char dir[] = "/tmp/vendor-fsync-XXXXXX";
    check(mkdtemp(dir) != nullptr, "a temp dir for the fsync test");
    fake.temp_dir = dir;
    fake.host.struct_size = sizeof(bb_host);
    fake.host.abi_major = BYTEBENCH_ABI_MAJOR;
    fake.host.abi_minor = BYTEBENCH_ABI_MINOR;
    fake.host.host_data = &fake;
    fake.host.temp_dir = [](const bb_host *h) { return fake_of(h).temp_dir.c_str(); };
    fake.host.record_metric = [](const bb_host *h, const char *key, double value) {
        fake_of(h).metrics[key] = value;
    };
    const char *keys[] = {"block_bytes"};
    const char *values[] = {"4096"};
    volatile int32_t stop = 0;
    bb_run_context ctx{};
    ctx.struct_size = sizeof ctx;
    ctx.copy_count = 1;
    ctx.stop_flag = &stop;
    ctx.param_count = 1;
    ctx.param_keys = keys;
    ctx.param_values = values;
    const bb_workload &w = fsync_latency_workload;
    void *instance = nullptr;
    char err[BB_ERROR_CAP] = "";
    check(w.create(&fake.host, &ctx, &instance, err, sizeof err) == BB_OK,
          std::string("create: ") + err);
    std::thread stopper([&stop] {
        std::this_thread::sleep_for(std::chrono::milliseconds(100));
        stop = 1;
    });
    bb_run_result result{};
    result.struct_size = sizeof result;
    const bb_status status = w.run(instance, &fake.host, &ctx, &result);
    stopper.join();
    w.destroy(instance);
    std::remove((fake.temp_dir + "/fsync-latency.dat").c_str());
    std::remove(dir);
    check(status == BB_OK, std::string("run: ") + result.error);
    check(result.count > 0, "at least one fsync in 100 ms");
    check(fake.metrics.size() == 3, "three metrics recorded");
    const double p50 = fake.metrics["lat_p50_us"], p99 = fake.metrics["lat_p99_us"],
                 max = fake.metrics["lat_max_us"];
    check(p50 > 0 && p50 <= p99 && p99 <= max, "0 < p50 <= p99 <= max");
    check(w.metric_count == 3 && w.better == BB_HIGHER_IS_BETTER,
          "declares three metrics; fsyncs per second are higher-is-better");
    for (uint32_t i = 0; i < w.metric_count; ++i)
        check(w.metrics[i].better == BB_LOWER_IS_BETTER, "latencies are lower-is-better");
}

}  // namespace

int main(int argc, char **argv) {
    const std::map<std::string, void (*)()> groups = {
        {"isa", test_isa_choice}, {"kernels", test_kernels},     {"escape", test_escape},
        {"junit", test_junit},    {"fsync", test_fsync_metrics},
    };
    if (argc != 2 || groups.count(argv[1]) == 0) {
        std::cerr << "usage: vendor_plugin_tests isa|kernels|escape|junit|fsync\n";
        return 2;
    }
    groups.at(argv[1])();
    std::cout << argv[1] << ": " << g_checks << " checks passed\n";
    return 0;
}
