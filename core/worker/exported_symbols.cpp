#include "exported_symbols.h"

#include <bytebench/plugin.h>
#include <elf.h>
#include <fcntl.h>
#include <link.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cstring>
#include <optional>

namespace bytebench::worker {
namespace {

// An open file read at checked offsets: nothing beyond its end.
class ElfFile {
  public:
    explicit ElfFile(const std::string &path) : fd_(::open(path.c_str(), O_RDONLY | O_CLOEXEC)) {
        struct stat st {};
        if (fd_ >= 0 && ::fstat(fd_, &st) == 0 && S_ISREG(st.st_mode)) size_ = uint64_t(st.st_size);
    }
    ~ElfFile() {
        if (fd_ >= 0) ::close(fd_);
    }
    ElfFile(const ElfFile &) = delete;
    ElfFile &operator=(const ElfFile &) = delete;

    // `length` bytes at `offset`, or nullopt when they are not all in the file.
    std::optional<std::string> read(uint64_t offset, uint64_t length) const {
        if (offset > size_ || length > size_ - offset) return std::nullopt;
        std::string bytes(length, '\0');
        if (length > 0 && ::pread(fd_, bytes.data(), length, off_t(offset)) != ssize_t(length))
            return std::nullopt;
        return bytes;
    }

  private:
    int fd_;
    uint64_t size_ = 0;
};

template <class T>
std::optional<T> read_struct(const ElfFile &file, uint64_t offset) {
    const auto bytes = file.read(offset, sizeof(T));
    if (!bytes) return std::nullopt;
    T value;
    std::memcpy(&value, bytes->data(), sizeof value);
    return value;
}

// ELFCLASS32 or ELFCLASS64: the class dlopen() accepts in this process.
constexpr unsigned char kNativeClass = __ELF_NATIVE_CLASS == 64 ? ELFCLASS64 : ELFCLASS32;

bool native_elf(const ElfW(Ehdr) & h) {
    return std::memcmp(h.e_ident, ELFMAG, SELFMAG) == 0 && h.e_ident[EI_CLASS] == kNativeClass &&
           h.e_shentsize == sizeof(ElfW(Shdr));
}

// An exported definition: a function or object of the file's own, others
// can bind to.
bool exported_definition(const ElfW(Sym) & s) {
    // The ST_ macros are the same for both classes.
    const unsigned bind = ELF64_ST_BIND(s.st_info), type = ELF64_ST_TYPE(s.st_info);
    const unsigned visibility = ELF64_ST_VISIBILITY(s.st_other);
    const bool global = bind == STB_GLOBAL || bind == STB_WEAK || bind == STB_GNU_UNIQUE;
    const bool visible = visibility == STV_DEFAULT || visibility == STV_PROTECTED;
    const bool code_or_data =
        type == STT_FUNC || type == STT_OBJECT || type == STT_GNU_IFUNC || type == STT_TLS;
    const bool own_section = s.st_shndx != SHN_UNDEF && s.st_shndx < SHN_LORESERVE;
    return global && visible && code_or_data && own_section;
}

bool expected(const std::string &name) {
    return name == BYTEBENCH_PLUGIN_ENTRY_SYMBOL || name == "_init" || name == "_fini";
}

// The names of the exported definitions in the symbol table `symtab`,
// whose names are in the string table `strings`.
std::vector<std::string> exported_names(const std::string &symtab, const std::string &strings) {
    std::vector<std::string> names;
    for (size_t at = 0; at + sizeof(ElfW(Sym)) <= symtab.size(); at += sizeof(ElfW(Sym))) {
        ElfW(Sym) s;
        std::memcpy(&s, symtab.data() + at, sizeof s);
        if (!exported_definition(s) || s.st_name >= strings.size()) continue;
        const size_t end = strings.find('\0', s.st_name);
        if (end == std::string::npos) continue;
        std::string name = strings.substr(s.st_name, end - s.st_name);
        if (!name.empty() && !expected(name)) names.push_back(std::move(name));
    }
    return names;
}

}  // namespace

std::vector<std::string> extra_exported_symbols(const std::string &path) {
    const ElfFile file(path);
    const auto header = read_struct<ElfW(Ehdr)>(file, 0);
    if (!header || !native_elf(*header)) return {};
    const auto sections =
        file.read(header->e_shoff, uint64_t(header->e_shnum) * sizeof(ElfW(Shdr)));
    if (!sections) return {};
    auto section = [&](size_t i) {
        ElfW(Shdr) s;
        std::memcpy(&s, sections->data() + i * sizeof s, sizeof s);
        return s;
    };
    for (size_t i = 0; i < header->e_shnum; ++i) {
        const ElfW(Shdr) dynsym = section(i);
        if (dynsym.sh_type != SHT_DYNSYM || dynsym.sh_link >= header->e_shnum) continue;
        const ElfW(Shdr) strtab = section(dynsym.sh_link);
        const auto symbols = file.read(dynsym.sh_offset, dynsym.sh_size);
        const auto strings = file.read(strtab.sh_offset, strtab.sh_size);
        if (!symbols || !strings) return {};
        return exported_names(*symbols, *strings);
    }
    return {};
}

}  // namespace bytebench::worker
