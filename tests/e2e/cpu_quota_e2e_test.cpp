// Effective CPUs in a real cgroup: the test makes a cgroup with a quota of
// half a CPU (cgroup v1 cpu.cfs_quota_us, else cgroup v2 cpu.max), starts
// the CLI inside it, and checks that the default copy counts and --scaling
// give 1 copy and the result says why. It needs root and a writable cpu
// hierarchy (CI machines of this kind have both); it is skipped otherwise.
#include <gtest/gtest.h>
#include <unistd.h>

#include <chrono>
#include <filesystem>
#include <fstream>
#include <optional>
#include <sstream>
#include <thread>

#include "cli_runner.h"

namespace fs = std::filesystem;

namespace bytebench::test {
namespace {

// The mount points of the cgroup v1 hierarchy with the cpu controller and
// of cgroup2 ("" when there is none), from /proc/self/mountinfo.
struct CgroupMounts {
    std::string v1_cpu, v2;
};

CgroupMounts cgroup_mounts() {
    CgroupMounts mounts;
    std::ifstream in("/proc/self/mountinfo");
    for (std::string line; std::getline(in, line);) {
        const size_t dash = line.find(" - ");
        if (dash == std::string::npos) continue;
        std::istringstream before(line.substr(0, dash)), after(line.substr(dash + 3));
        std::string id, parent, device, root, point, fstype, source, options;
        before >> id >> parent >> device >> root >> point;
        after >> fstype >> source >> options;
        if (fstype == "cgroup2" && mounts.v2.empty()) mounts.v2 = point;
        if (fstype == "cgroup" && mounts.v1_cpu.empty() &&
            ("," + options + ",").find(",cpu,") != std::string::npos)
            mounts.v1_cpu = point;
    }
    return mounts;
}

bool write_cgroup_file(const std::string &path, const std::string &text) {
    std::ofstream out(path);
    out << text;
    out.flush();
    return bool(out);
}

std::string read_cgroup_file(const std::string &path) {
    std::ifstream in(path);
    std::ostringstream text;
    text << in.rdbuf();
    return text.str();
}

// A cgroup with a quota of 0.5 CPU, removed again at the end of the test
// (its processes, if any are left, moved back to the parent first).
class HalfCpuCgroup {
  public:
    HalfCpuCgroup() {
        const std::string name = "bytebench-test-" + std::to_string(getpid());
        const CgroupMounts mounts = cgroup_mounts();
        std::string tried;
        if (!mounts.v1_cpu.empty()) {
            if (make(mounts.v1_cpu, name) &&
                write_cgroup_file(dir_ + "/cpu.cfs_period_us", "100000") &&
                write_cgroup_file(dir_ + "/cpu.cfs_quota_us", "50000")) {
                expected_reason_ =
                    "cgroup v1 cpu.cfs_quota_us 50000 / cpu.cfs_period_us 100000 in ";
                return;
            }
            tried += "cgroup v1 cpu at " + mounts.v1_cpu + " is not writable; ";
            remove();
        }
        if (!mounts.v2.empty()) {
            if (enable_v2_cpu(mounts.v2) && make(mounts.v2, name) &&
                write_cgroup_file(dir_ + "/cpu.max", "50000 100000")) {
                expected_reason_ = "cgroup v2 cpu.max 50000 100000 in ";
                return;
            }
            tried += "cgroup v2 at " + mounts.v2 + " has no writable cpu controller; ";
            remove();
        }
        skip_reason_ = tried.empty() ? "no cgroup v1 cpu or cgroup v2 hierarchy is mounted"
                                     : tried.substr(0, tried.size() - 2);
    }
    ~HalfCpuCgroup() { remove(); }
    HalfCpuCgroup(const HalfCpuCgroup &) = delete;
    HalfCpuCgroup &operator=(const HalfCpuCgroup &) = delete;

    // Why the test cannot run here; "" when the cgroup is there.
    const std::string &skip_reason() const { return skip_reason_; }
    const std::string &dir() const { return dir_; }
    // What the result's reason starts with, before the cgroup's path.
    const std::string &expected_reason() const { return expected_reason_; }

  private:
    bool make(const std::string &mount, const std::string &name) {
        parent_ = mount;
        dir_ = mount + "/" + name;
        std::error_code ec;
        return fs::create_directory(dir_, ec) && !ec;
    }

    // cgroup v2 gives a child cgroup cpu.max only when the parent's
    // cgroup.subtree_control has the cpu controller; enabled here when
    // missing, and disabled again at the end.
    bool enable_v2_cpu(const std::string &mount) {
        const std::string control = mount + "/cgroup.subtree_control";
        std::istringstream enabled(read_cgroup_file(control));
        for (std::string controller; enabled >> controller;)
            if (controller == "cpu") return true;
        if (!write_cgroup_file(control, "+cpu")) return false;
        enabled_v2_cpu_in_ = control;
        return true;
    }

    void remove() {
        if (dir_.empty()) return;
        std::error_code ec;
        // A process left in it (a stray workload) keeps it busy: move them out.
        for (int attempt = 0; attempt < 50 && fs::exists(dir_, ec); ++attempt) {
            std::istringstream pids(read_cgroup_file(dir_ + "/cgroup.procs"));
            for (std::string pid; pids >> pid;) write_cgroup_file(parent_ + "/cgroup.procs", pid);
            if (rmdir(dir_.c_str()) == 0) break;
            std::this_thread::sleep_for(std::chrono::milliseconds(100));
        }
        if (fs::exists(dir_, ec)) ADD_FAILURE() << "could not remove the cgroup " << dir_;
        if (!enabled_v2_cpu_in_.empty()) write_cgroup_file(enabled_v2_cpu_in_, "-cpu");
        dir_.clear();
        enabled_v2_cpu_in_.clear();
    }

    std::string parent_, dir_, expected_reason_, skip_reason_, enabled_v2_cpu_in_;
};

// `bytebench <args>` started inside the cgroup at `dir`: the shell moves
// itself into it, then becomes the CLI.
CliResult run_cli_in_cgroup(const std::string &dir, const std::vector<std::string> &args) {
    std::vector<std::string> argv = {
        "/bin/sh",    "-c", "echo $$ > \"$1\" && shift && exec \"$@\"", "sh", dir + "/cgroup.procs",
        BYTEBENCH_CLI};
    argv.insert(argv.end(), args.begin(), args.end());
    Command command(argv);
    command.timeout_s = 300;
    return run_process(command);
}

TEST(CpuQuota, HalfACpuQuotaGivesOneCopyAndSaysWhy) {
    if (geteuid() != 0) GTEST_SKIP() << "not root: cannot make a cgroup";
    const HalfCpuCgroup cgroup;
    if (!cgroup.skip_reason().empty()) GTEST_SKIP() << cgroup.skip_reason();

    const std::string out = fresh_dir("cpu-quota");
    const CliResult r = run_cli_in_cgroup(cgroup.dir(), {"run", "syscall", "-i", "1", "--duration",
                                                         "0.5", "--settle", "0", "-o", out});
    ASSERT_EQ(r.exit_code, 0) << r.describe() << "\n" << r.err;
    const nlohmann::json doc = only_result(out);
    EXPECT_EQ(doc["options"]["copies"], nlohmann::json::array({1}));
    ASSERT_EQ(doc["runs"].size(), 1u);
    EXPECT_EQ(doc["runs"][0]["copies"], 1);
    EXPECT_EQ(doc["runs"][0]["cpus"], 1);
    const nlohmann::json *t = find_test(doc["runs"][0], "syscall");
    ASSERT_NE(t, nullptr);
    EXPECT_EQ((*t)["status"], "ok") << t->dump();

    const nlohmann::json &effective = doc["system"]["effective_cpus"];
    EXPECT_EQ(effective["count"], 1) << effective;
    EXPECT_EQ(effective["quota_cpus"], 0.5) << effective;
    const std::string reason = effective["reason"];
    const std::string name = fs::path(cgroup.dir()).filename();
    EXPECT_EQ(reason.rfind(cgroup.expected_reason(), 0), 0u) << reason;
    EXPECT_NE(reason.find("/" + name + ": 0.5 CPU"), std::string::npos) << reason;
    // With more than one CPU online, the run says why it uses fewer, in its log too.
    if (effective["online"].get<int>() > 1) {
        const std::string line = " online, 1 usable: " + reason;
        EXPECT_NE((r.out + r.err).find(line), std::string::npos) << r.out << r.err;
        std::string log;
        for (const auto &e : fs::directory_iterator(out))
            if (e.path().extension() == ".log") log = read_file(e.path().string());
        EXPECT_NE(log.find(line), std::string::npos) << log;
    }
}

TEST(CpuQuota, ScalingStopsAtTheQuota) {
    if (geteuid() != 0) GTEST_SKIP() << "not root: cannot make a cgroup";
    const HalfCpuCgroup cgroup;
    if (!cgroup.skip_reason().empty()) GTEST_SKIP() << cgroup.skip_reason();

    const std::string out = fresh_dir("cpu-quota-scaling");
    const CliResult r = run_cli_in_cgroup(
        cgroup.dir(), {"--plugin-path", kTestPlugins + "/good", "run", "test.count", "--scaling",
                       "-i", "1", "--duration", "0.1", "--settle", "0", "-q", "-o", out});
    ASSERT_EQ(r.exit_code, 0) << r.describe() << "\n" << r.err;
    const nlohmann::json doc = only_result(out);
    EXPECT_EQ(doc["options"]["copies"], nlohmann::json::array({1}));
    EXPECT_EQ(doc["system"]["effective_cpus"]["count"], 1);
}

}  // namespace
}  // namespace bytebench::test
