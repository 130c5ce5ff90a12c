/* A program that found gpuscan with find_package: checks a size query (no GPU needed). */
#include <stdio.h>
#include "gpuscan.cuh"
GPUSCAN_DEFINE_NAMED(u64, unsigned long long, add)
int main(void)
{
    size_t bytes = 0;
    gpuscan_status s = gpuscan_u64_add_scan_ex(NULL, &bytes, NULL, NULL, 1 << 20, GPUSCAN_INCLUSIVE, 0ull,
                                               GPUSCAN_GRID_AUTO, GPUSCAN_BLOCK_AUTO, 0);
    printf("consumer: size query %s, %zu bytes\n", gpuscan_status_string(s), bytes);
    return s == GPUSCAN_SUCCESS && bytes > 0 ? 0 : 1;
}
