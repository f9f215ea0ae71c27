// Errors are values: every decode and verify path returns Result<T>, never throws.
// An Error carries a stable code (its name never changes once released: reports and
// regression diffs key on it), the byte offset in the unit being decoded, and a message.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>
#include <utility>
#include <variant>

namespace meshproof {

enum class ErrorCode : std::uint16_t {
    kTruncated,     // a read ran past the end of the bytes
    kBadMagic,      // a signature did not match
    kBadHeader,     // a header field holds a value the format forbids
    kOutOfBounds,   // an offset, count or index from the file points outside its range
    kUnsupported,   // well-formed, but a variant we do not handle (e.g. a codec)
    kDecompress,    // a compressed stream is corrupt
    kSizeMismatch,  // decompressed size differs from the size the header states
    kBadType,       // a tagfile type table entry is malformed or unresolved
    kBadObject,     // a tagfile object reference or field is malformed
    kMissingField,  // a field looked up by name does not exist in the type
    kIo,            // the operating system refused a read
    kInternal,      // a bug: a broken invariant inside meshproof
    kUnknownChunk,  // a chunk / record tag the format does not define (.sur: cannot be skipped)
    kLimit,         // the input asks for work out of proportion to its size (hostile nesting)
    kTimeout,       // a unit ran past its time budget (RunOptions::member_timeout) and was abandoned
    kUsage,         // the caller's configuration is refused (an option, a pass, a root): not the data's fault
};

// Stable, dotted-free names used in reports ("truncated", "bad-magic", ...).
std::string_view error_code_name(ErrorCode code);

struct Error {
    ErrorCode code = ErrorCode::kInternal;
    std::uint64_t offset = 0;  // byte offset within the unit that was being decoded
    std::string message;
};

inline Error make_error(ErrorCode code, std::uint64_t offset, std::string message) {
    return Error{code, offset, std::move(message)};
}

// A small result type (std::expected is C++23). Holds either a T or an Error.
template <class T>
class [[nodiscard]] Result {
public:
    Result(T value) : v_(std::in_place_index<0>, std::move(value)) {}
    Result(Error error) : v_(std::in_place_index<1>, std::move(error)) {}

    bool ok() const { return v_.index() == 0; }
    explicit operator bool() const { return ok(); }

    T& value() & { return std::get<0>(v_); }
    const T& value() const& { return std::get<0>(v_); }
    T&& value() && { return std::get<0>(std::move(v_)); }
    T* operator->() { return &std::get<0>(v_); }
    const T* operator->() const { return &std::get<0>(v_); }
    T& operator*() & { return std::get<0>(v_); }
    const T& operator*() const& { return std::get<0>(v_); }

    const Error& error() const& { return std::get<1>(v_); }
    Error&& error() && { return std::get<1>(std::move(v_)); }

private:
    std::variant<T, Error> v_;
};

// Result<void> equivalent.
struct Ok {};
using Status = Result<Ok>;
inline Status ok_status() { return Ok{}; }

}  // namespace meshproof

// Propagates an error from an expression yielding Result<T>; binds the value otherwise.
#define MP_CONCAT_INNER(a, b) a##b
#define MP_CONCAT(a, b) MP_CONCAT_INNER(a, b)
#define MP_TRY_ASSIGN_IMPL(tmp, lhs, expr)        \
    auto tmp = (expr);                            \
    if (!tmp.ok()) return std::move(tmp).error(); \
    lhs = std::move(tmp).value()
#define MP_TRY_ASSIGN(lhs, expr) MP_TRY_ASSIGN_IMPL(MP_CONCAT(mp_try_, __COUNTER__), lhs, expr)
#define MP_TRY(expr)                                                        \
    do {                                                                    \
        auto mp_try_status_ = (expr);                                       \
        if (!mp_try_status_.ok()) return std::move(mp_try_status_).error(); \
    } while (0)
