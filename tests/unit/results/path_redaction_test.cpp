// --redact-paths: which members lose their folders, and how free text loses
// the folders the document and the caller know.
#include "results/path_redaction.h"

#include <gtest/gtest.h>

namespace bytebench {
namespace {

using nlohmann::json;

json alices_result() {
    json test = {{"id", "fstime"},
                 {"plugin", "/home/alice/bb/build/lib/bytebench/plugins/fs.so"},
                 {"params", {{"mode", "copy"}, {"marker", "/home/alice/tmp/marker"}}},
                 {"error",
                  "cannot create /home/alice/bb/build/lib/bytebench/plugins/x: denied; see "
                  "/home/alice2/y and /home/alice/z"}};
    json tests = json::array();
    tests.push_back(test);
    json runs = json::array();
    runs.push_back({{"copies", 1}, {"tests", tests}});
    return {
        {"schema", "bytebench.result/1"},
        {"suite", {{"name", "index"}, {"file", "/home/alice/bb/suites/index.toml"}}},
        {"system", {{"hostname", "box"}, {"tmpdir", {{"path", "/tmp"}, {"device", "/dev/vda"}}}}},
        {"options",
         {{"command_line",
           "/home/alice/bb/build/bin/bytebench --suite ../s/mine.toml run fstime "
           "--param marker=/srv/data/m -o /home/alice/results --label k=v"},
          {"params", json::array({"marker=/srv/data/m", "mode=copy"})}}},
        {"labels", {{"/home/alice/key", "kept: the user's own"}}},
        {"runs", runs}};
}

TEST(PathRedaction, PathFieldsKeepTheirLastComponent) {
    const json doc = redact_paths(alices_result(), {});
    EXPECT_EQ(doc["suite"]["file"], "<redacted>/index.toml");
    const json &test = doc["runs"][0]["tests"][0];
    EXPECT_EQ(test["plugin"], "<redacted>/fs.so");
    EXPECT_EQ(test["params"]["marker"], "<redacted>/marker");
    EXPECT_EQ(test["params"]["mode"], "copy");
    // One component gives no folder away; a device is no local path.
    EXPECT_EQ(doc["system"]["tmpdir"]["path"], "/tmp");
    EXPECT_EQ(doc["system"]["tmpdir"]["device"], "/dev/vda");
    EXPECT_EQ(doc["suite"]["name"], "index");
}

TEST(PathRedaction, TheCommandLineKeepsItsWordsWithoutTheirFolders) {
    const json doc = redact_paths(alices_result(), {});
    EXPECT_EQ(doc["options"]["command_line"],
              "<redacted>/bytebench --suite <redacted>/mine.toml run fstime --param "
              "marker=<redacted>/m -o <redacted>/results --label k=v");
    EXPECT_EQ(doc["options"]["params"], json::array({"marker=<redacted>/m", "mode=copy"}));
}

TEST(PathRedaction, FreeTextLosesTheKnownFoldersAsWholePaths) {
    const json doc = redact_paths(alices_result(), {"/home/alice/"});
    // The plugin's folder (from its path field), and the home folder the
    // caller gave, but not /home/alice2, another name that starts alike.
    EXPECT_EQ(doc["runs"][0]["tests"][0]["error"],
              "cannot create <redacted>/x: denied; see /home/alice2/y and <redacted>/z");
    // Keys are kept, values redacted.
    EXPECT_EQ(doc["labels"]["/home/alice/key"], "kept: the user's own");
    EXPECT_EQ(redact_paths(json("at /home/alice/z"), {"/home/alice"}), json("at <redacted>/z"));
}

TEST(PathRedaction, AFolderOfTheDocumentIsFoundInAnyText) {
    json doc = alices_result();
    doc["runs"][0]["tests"][0]["warnings"] = json::array({"wrote /home/alice/bb/suites/x"});
    doc["imported"] = {{"file", "/mnt/reports/box/run.txt"},
                       {"warnings", {"/mnt/reports/box/run.txt:3: odd"}}};
    const json out = redact_paths(doc, {});
    EXPECT_EQ(out["runs"][0]["tests"][0]["warnings"][0], "wrote <redacted>/x");
    EXPECT_EQ(out["imported"]["file"], "<redacted>/run.txt");
    EXPECT_EQ(out["imported"]["warnings"][0], "<redacted>/run.txt:3: odd");
}

TEST(PathRedaction, NothingIsAddedAndOddDocumentsPassThrough) {
    const json plain = {{"schema", "bytebench.result/1"}, {"runs", json::array()}};
    EXPECT_EQ(redact_paths(plain, {"/home/alice"}), plain);
    EXPECT_EQ(redact_paths(json::array({1, "/x/y/z"}), {}), json::array({1, "/x/y/z"}));
    json odd = {{"options", 3}, {"suite", {{"file", 7}}}, {"runs", {{"tests", "no"}}}};
    EXPECT_EQ(redact_paths(odd, {}), odd);
    // "/" is never a folder to remove; a folder of one component only when
    // the caller names it (a home folder such as /root).
    EXPECT_EQ(redact_paths(json("/tmp/x and /"), {"/"}), json("/tmp/x and /"));
    EXPECT_EQ(redact_paths(json("/root/x and /rootless"), {"/root"}),
              json("<redacted>/x and /rootless"));
}

}  // namespace
}  // namespace bytebench
