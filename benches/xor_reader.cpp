// The yardstick for nimlab's bulk input: a plain C++ iostreams reader doing the same job —
// read whitespace-separated unsigned 64-bit numbers from standard input and XOR them.
// benches/report.sh compiles it with `g++ -O2` when g++ is present.
#include <cstdint>
#include <iostream>

int main() {
    std::ios::sync_with_stdio(false);
    std::uint64_t sum = 0, count = 0, value = 0;
    while (std::cin >> value) {
        sum ^= value;
        ++count;
    }
    std::cout << count << " piles, nim-sum " << sum << "\n";
    return 0;
}
