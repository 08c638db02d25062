#include "protocol/worker_params.h"

namespace bytebench {

std::string encode_worker_params(const ParamValues &values) {
    std::string bytes;
    for (const auto &[key, value] : values) {
        bytes += key;
        bytes += '=';
        bytes += value;
        bytes += '\0';
    }
    return bytes;
}

std::vector<std::string> decode_worker_params(const std::string &bytes) {
    std::vector<std::string> records;
    size_t start = 0;
    while (start < bytes.size()) {
        const size_t end = bytes.find('\0', start);
        if (end == std::string::npos)
            throw WorkerParamsError("the parameters end without a NUL byte after " +
                                    std::to_string(records.size()) + " records");
        std::string record = bytes.substr(start, end - start);
        if (record.find('=') == std::string::npos)
            throw WorkerParamsError("parameter record " + std::to_string(records.size() + 1) +
                                    " has no '='");
        records.push_back(std::move(record));
        start = end + 1;
    }
    return records;
}

}  // namespace bytebench
