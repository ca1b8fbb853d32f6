/* A plain C breadth-first search over every board of an R x C Lights Out (R*C <= 25), from the
 * all-white and all-black boards, the baseline for `flipgame table --size RxC --format binary`.
 * Writes one byte per board (its fewest taps, 255 when impossible) in the same order as
 * flipgame: cell i in row-major order is bit (R*C - 1 - i), so the two outputs can be compared
 * byte for byte.
 *
 *   cc -O2 -o bfs bench/bfs.c && ./bfs 5 5 > c.bin
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

int main(int argc, char **argv) {
    if (argc != 3) {
        fprintf(stderr, "usage: bfs ROWS COLS\n");
        return 2;
    }
    int rows = atoi(argv[1]), cols = atoi(argv[2]), cells = rows * cols;
    if (rows < 1 || cols < 1 || cells > 25) {
        fprintf(stderr, "bfs: at most 25 cells\n");
        return 2;
    }
    uint32_t total = 1u << cells, masks[25];
    for (int i = 0; i < cells; i++) {
        int r = i / cols, c = i % cols;
        uint32_t m = 1u << (cells - 1 - i);
        if (r > 0) m |= 1u << (cells - 1 - (i - cols));
        if (r + 1 < rows) m |= 1u << (cells - 1 - (i + cols));
        if (c > 0) m |= 1u << (cells - 1 - (i - 1));
        if (c + 1 < cols) m |= 1u << (cells - 1 - (i + 1));
        masks[i] = m;
    }
    uint8_t *dist = malloc(total);
    uint32_t *queue = malloc(sizeof(uint32_t) * total);
    if (!dist || !queue) return 1;
    for (uint32_t s = 0; s < total; s++) dist[s] = 255;
    uint32_t head = 0, tail = 0;
    dist[0] = 0;
    queue[tail++] = 0;
    if (dist[total - 1] == 255) {
        dist[total - 1] = 0;
        queue[tail++] = total - 1;
    }
    while (head < tail) {
        uint32_t s = queue[head++];
        uint8_t next = dist[s] + 1;
        for (int i = 0; i < cells; i++) {
            uint32_t n = s ^ masks[i];
            if (dist[n] == 255) {
                dist[n] = next;
                queue[tail++] = n;
            }
        }
    }
    fwrite(dist, 1, total, stdout);
    free(queue);
    free(dist);
    return 0;
}
