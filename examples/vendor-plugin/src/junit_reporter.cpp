// The `junit` output format: bytebench results as JUnit XML, one <testsuite>
// per copy-pass and one <testcase> per test.
#include <bytebench/plugin.hpp>

#include "junit_xml.hpp"

namespace {

const auto kJunit = bytebench::Reporter<&vendor::write_junit>("junit")
                        .name("JUnit XML")
                        .description("JUnit XML for CI test reports (Jenkins, GitLab, GitHub)")
                        .extension("xml")
                        .documents(BB_DOCUMENT_RESULT);  // ABI 1.2; older hosts ignore it

}  // namespace

BYTEBENCH_PLUGIN(bytebench::Plugin("com.example.junit")
                     .name("Example JUnit reporter")
                     .vendor("Example Corp.")
                     .version("1.0")
                     .min_host_minor(0)
                     .add(kJunit))
