// End-to-end: the bash completion written at build time (completion_script.h)
// completes subcommands, options, choices and, by asking bytebench, test and
// group names. zsh and fish are not installed on the build machines: their
// scripts are not checked here.
#include <gtest/gtest.h>

#include <filesystem>

#include "cli_runner.h"

namespace fs = std::filesystem;

namespace bytebench::test {
namespace {

// What the completion offers for `words` (the last is the one being typed),
// one a line, from `bash --norc` with the generated file loaded.
std::string completed(const std::vector<std::string> &words) {
    std::string array;
    for (const std::string &w : words) array += " '" + w + "'";
    const std::string script =
        "source \"$1\" || exit 9\n"
        "complete -p bytebench >/dev/null || exit 8\n"
        "COMP_WORDS=(" +
        array +
        ")\n"
        "COMP_CWORD=" +
        std::to_string(words.size() - 1) +
        "\n"
        "_bytebench\n"
        "printf '%s\\n' \"${COMPREPLY[@]}\"\n";
    Command command(find_program("bash"),
                    {"--norc", "-c", script, "bash", BYTEBENCH_BASH_COMPLETION});
    // `bytebench` as a user's shell finds it: on PATH.
    command.env["PATH"] = fs::path(BYTEBENCH_CLI).parent_path().string() + ":/usr/bin:/bin";
    const ProcessResult r = run_process(command);
    EXPECT_EQ(r.exit_code, 0) << r.err;
    return r.out;
}

bool offers(const std::string &out, const std::string &word) {
    return ("\n" + out).find("\n" + word + "\n") != std::string::npos;
}

TEST(CompletionScript, RunCompletesTestAndGroupNames) {
    const std::string out = completed({"bytebench", "run", "sys"});
    EXPECT_TRUE(offers(out, "syscall")) << out;  // a test
    EXPECT_TRUE(offers(out, "system")) << out;   // a group
    EXPECT_FALSE(offers(out, "pipe")) << out;
}

TEST(CompletionScript, SubcommandsOptionsAndChoices) {
    const std::string commands = completed({"bytebench", "s"});
    EXPECT_TRUE(offers(commands, "show") && offers(commands, "sysinfo")) << commands;
    EXPECT_FALSE(offers(commands, "run")) << commands;
    const std::string options = completed({"bytebench", "run", "--qu"});
    EXPECT_TRUE(offers(options, "--quick") && offers(options, "--quick-target")) << options;
    EXPECT_TRUE(offers(completed({"bytebench", "run", "--su"}), "--suite"));  // a global one
    EXPECT_EQ(completed({"bytebench", "run", "--he"}), "--help\n");           // once
    const std::string top = completed({"bytebench", "--ve"});
    EXPECT_TRUE(top == "--version\n--verbose\n" || top == "--verbose\n--version\n") << top;
    const std::string formats = completed({"bytebench", "history", "--format", ""});
    EXPECT_EQ(formats, "text\njson\n");
    const std::string described = completed({"bytebench", "describe", "dhry"});
    EXPECT_TRUE(offers(described, "dhry2reg")) << described;
}

}  // namespace
}  // namespace bytebench::test
