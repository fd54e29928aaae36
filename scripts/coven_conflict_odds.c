/* The Coven's two-party conflict odds, counted by an offline generator.
 *
 * Compiled and run by scripts/coven_conflict_table.py (never by the app);
 * the table it writes is what the app reads.  How a conflict is dealt and
 * settled, and why a tie is worth exactly 1/2, is in builder/coven/odds.py.
 *
 *   exact RANKS SUITS LARGEST
 *     Counts every deal of a deck of the top RANKS ranks in SUITS suits (13 4
 *     is the real deck): five shared cards, then s private cards to one party
 *     and l to the other (0 <= s < l <= LARGEST, LARGEST <= 4).  Prints one
 *     line per (s, l): "s l won tied deals", where won counts the deals the
 *     s-card party's best hand is higher, tied the equal ones.  Method:
 *     - boards are taken up to a permutation of the suits (one canonical
 *       board per class, weighted by the size of its class);
 *     - per board, every private set of size <= LARGEST of the other cards is
 *       evaluated once (best five of board + set);
 *     - the pairs (X, Y), |X| = s, |Y| = l, X and Y disjoint, with v(X) >
 *       v(Y) are counted by inclusion-exclusion over the shared part T of X:
 *       sum over T subset of X of (-1)^|T| #{Y containing T: v(Y) < v(X)}, each
 *       #{...} a binary search in the sorted values of the Y containing T.
 *     The last line, "boards classes weight", checks the classes' weights sum
 *     to C(cards, 5).
 *
 *   sample MINE THEIRS DEALS SEED
 *     DEALS random deals of the real deck (splitmix64 seeded by SEED, partial
 *     Fisher-Yates with unbiased draws): "won tied deals" of MINE v THEIRS.
 *
 *   evaluate
 *     Reads hands from standard input, one a line as card numbers (rank index
 *     0..12 for 2..Ace, times 4, plus the suit 0..3), and prints each hand's
 *     value: a test checks that the values order hands as best_hand does.
 *
 * Hands are ranked as builder.coven.cards.best_hand ranks them (the tests
 * compare the two on small decks).
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define MAXL 4
#define MAXN 52

typedef uint32_t u32;
typedef uint64_t u64;

static int n_ranks, n_suits, n_cards;
static int card_rank[MAXN], card_suit[MAXN]; /* rank index 0..12 (2..A), suit 0..3 */
static u64 binom[MAXN + 1][MAXN + 1];

static inline int hibit(u32 x) { return 31 - __builtin_clz(x); }

/* The top n ranks of a mask as nibbles (rank index + 1; 0 where fewer ranks). */
static inline u32 top_ranks(u32 mask, int n) {
    u32 out = 0;
    for (int i = 0; i < n; i++) {
        out <<= 4;
        if (mask) {
            int r = hibit(mask);
            out |= (u32)(r + 1);
            mask &= ~(1u << r);
        }
    }
    return out;
}

/* The top of the highest straight in a rank mask (the Ace also low), 0 if none. */
static inline u32 straight_top(u32 mask) {
    u32 x = (mask << 1) | ((mask >> 12) & 1u);
    u32 s = x & (x >> 1) & (x >> 2) & (x >> 3) & (x >> 4);
    return s ? (u32)(hibit(s) + 5) : 0;
}

/* A comparable value of the best five-card hand in these four suit masks. */
static u32 evaluate(const u32 m[4]) {
    u32 sf = 0, flush = 0;
    for (int s = 0; s < 4; s++) {
        if (__builtin_popcount(m[s]) >= 5) {
            u32 st = straight_top(m[s]);
            if (st > sf) sf = st;
            u32 f = top_ranks(m[s], 5);
            if (f > flush) flush = f;
        }
    }
    if (sf) return (8u << 20) | sf;
    u32 a = m[0], b = m[1], c = m[2], d = m[3];
    u32 all = a | b | c | d;
    u32 ge4 = a & b & c & d;
    u32 ge3 = (a & b & c) | (a & b & d) | (a & c & d) | (b & c & d);
    u32 ge2 = (a & b) | (a & c) | (a & d) | (b & c) | (b & d) | (c & d);
    if (ge4) {
        int q = hibit(ge4);
        return (7u << 20) | ((u32)(q + 1) << 4) | top_ranks(all & ~(1u << q), 1);
    }
    if (ge3) {
        int t = hibit(ge3);
        u32 p = ge2 & ~(1u << t);
        if (p) return (6u << 20) | ((u32)(t + 1) << 4) | (u32)(hibit(p) + 1);
    }
    if (flush) return (5u << 20) | flush;
    u32 st = straight_top(all);
    if (st) return (4u << 20) | st;
    if (ge3) {
        int t = hibit(ge3);
        return (3u << 20) | ((u32)(t + 1) << 8) | top_ranks(all & ~(1u << t), 2);
    }
    if (ge2) {
        int p1 = hibit(ge2);
        u32 rest = ge2 & ~(1u << p1);
        if (rest) {
            int p2 = hibit(rest);
            u32 kick = top_ranks(all & ~((1u << p1) | (1u << p2)), 1);
            return (2u << 20) | ((u32)(p1 + 1) << 8) | ((u32)(p2 + 1) << 4) | kick;
        }
        return (1u << 20) | ((u32)(p1 + 1) << 12) | top_ranks(all & ~(1u << p1), 3);
    }
    return top_ranks(all, 5);
}

/* ---------------------------------------------------------------- exact counts */

static int rest_card[MAXN]; /* the cards not on the board, n of them */
static int n_rest;
static u32 *values[MAXL + 1];   /* values[t][colex index of a t-set of rest positions] */
static u64 *sorted_keys;        /* (value << 24 | index) of the l-sets, sorted */
static u64 *sort_tmp;
static u32 *bucket[MAXL];       /* bucket[t]: for each t-set T, sorted values of l-sets containing T */
static u32 *fill[MAXL];

static inline u64 colex(const int *pos, int t) {
    u64 idx = 0;
    for (int i = 0; i < t; i++) idx += binom[pos[i]][i + 1];
    return idx;
}

/* Evaluate every t-set (t <= largest) of the rest with the board's suit masks. */
static void evaluate_sets(const u32 board[4], int largest) {
    int pos[MAXL];
    for (int t = 0; t <= largest; t++) {
        /* iterate t-sets in colex order: pos[0] < pos[1] < ... */
        for (int i = 0; i < t; i++) pos[i] = i;
        u64 idx = 0;
        for (;;) {
            u32 m[4] = {board[0], board[1], board[2], board[3]};
            for (int i = 0; i < t; i++) {
                int c = rest_card[pos[i]];
                m[card_suit[c]] |= 1u << card_rank[c];
            }
            values[t][idx++] = evaluate(m);
            int i = 0; /* next colex combination */
            while (i < t && (i == t - 1 ? pos[i] + 1 >= n_rest : pos[i] + 1 >= pos[i + 1])) i++;
            if (i >= t) break;
            pos[i]++;
            for (int j = 0; j < i; j++) pos[j] = j;
        }
    }
}

/* Radix-sort keys (value << 24 | index) by their value bits 24..47. */
static void sort_keys(u64 *keys, u64 count) {
    static u64 counts[256];
    u64 *src = keys, *dst = sort_tmp;
    for (int shift = 24; shift < 48; shift += 8) {
        memset(counts, 0, sizeof counts);
        for (u64 i = 0; i < count; i++) counts[(src[i] >> shift) & 255]++;
        u64 sum = 0;
        for (int b = 0; b < 256; b++) { u64 c = counts[b]; counts[b] = sum; sum += c; }
        for (u64 i = 0; i < count; i++) dst[counts[(src[i] >> shift) & 255]++] = src[i];
        u64 *swap = src; src = dst; dst = swap;
    }
    if (src != keys) memcpy(keys, src, count * sizeof *keys);
}

/* Decode the colex index of an l-set into positions. */
static void decode(u64 idx, int t, int *pos) {
    int top = n_rest;
    for (int i = t; i >= 1; i--) {
        int p = top - 1;
        while (binom[p][i] > idx) p--;
        pos[i - 1] = p;
        idx -= binom[p][i];
        top = p;
    }
}

/* Fill bucket[t] for 1 <= t < l: the l-sets' values in sorted order, by each subset T. */
static void fill_buckets(int l) {
    u64 count = binom[n_rest][l];
    for (u64 i = 0; i < count; i++) sorted_keys[i] = ((u64)values[l][i] << 24) | i;
    sort_keys(sorted_keys, count);
    for (int t = 1; t < l; t++) {
        u64 per = binom[n_rest - t][l - t];
        for (u64 j = 0; j < binom[n_rest][t]; j++) fill[t][j] = (u32)(j * per);
    }
    for (u64 i = 0; i < count; i++) {
        u32 v = (u32)(sorted_keys[i] >> 24);
        int pos[MAXL], sub[MAXL];
        decode(sorted_keys[i] & 0xFFFFFFu, l, pos);
        for (u32 mask = 1; mask < (1u << l); mask++) {
            int t = __builtin_popcount(mask);
            if (t >= l) continue;
            int k = 0;
            for (int b = 0; b < l; b++)
                if (mask & (1u << b)) sub[k++] = pos[b];
            u64 j = colex(sub, t);
            bucket[t][fill[t][j]++] = v;
        }
    }
}

static inline u64 count_below(const u32 *a, u64 n, u32 v) {
    u64 lo = 0, hi = n;
    while (lo < hi) { u64 mid = (lo + hi) / 2; if (a[mid] < v) lo = mid + 1; else hi = mid; }
    return lo;
}

/* won/tied of every s-set against the disjoint l-sets, on this board. */
static void count_cell(int s, int l, u64 *won, u64 *tied) {
    u64 n_l = binom[n_rest][l];
    static u32 *sorted_vals = NULL;
    static u64 sorted_cap = 0;
    if (sorted_cap < n_l) { free(sorted_vals); sorted_vals = malloc(n_l * sizeof *sorted_vals); sorted_cap = n_l; }
    for (u64 i = 0; i < n_l; i++) sorted_vals[i] = (u32)(sorted_keys[i] >> 24);
    u64 w = 0, e = 0;
    int pos[MAXL], sub[MAXL];
    for (u64 x = 0; x < binom[n_rest][s]; x++) {
        u32 v = values[s][x];
        decode(x, s, pos);
        int64_t below = 0, upto = 0;
        for (u32 mask = 0; mask < (1u << s); mask++) {
            int t = __builtin_popcount(mask);
            const u32 *a;
            u64 len;
            if (t == 0) { a = sorted_vals; len = n_l; }
            else {
                int k = 0;
                for (int b = 0; b < s; b++)
                    if (mask & (1u << b)) sub[k++] = pos[b];
                u64 per = binom[n_rest - t][l - t];
                a = bucket[t] + colex(sub, t) * per;
                len = per;
            }
            int64_t lo = (int64_t)count_below(a, len, v);
            int64_t hi = (int64_t)count_below(a, len, v + 1);
            if (t & 1) { below -= lo; upto -= hi; } else { below += lo; upto += hi; }
        }
        w += (u64)below;
        e += (u64)(upto - below);
    }
    *won = w;
    *tied = e;
}

static int perms[24][4], n_perms;

static void make_perms(void) {
    int p[4];
    n_perms = 0;
    for (p[0] = 0; p[0] < n_suits; p[0]++)
        for (p[1] = 0; p[1] < n_suits; p[1]++)
            for (p[2] = 0; p[2] < n_suits; p[2]++)
                for (p[3] = 0; p[3] < n_suits; p[3]++) {
                    int ok = 1;
                    for (int i = 0; i < n_suits && ok; i++)
                        for (int j = 0; j < i; j++)
                            if (p[i] == p[j]) ok = 0;
                    for (int i = n_suits; i < 4 && ok; i++)
                        if (p[i] != 0) ok = 0;
                    if (ok) { memcpy(perms[n_perms], p, sizeof p); n_perms++; }
                }
}

static int cmp_int(const void *a, const void *b) { return *(const int *)a - *(const int *)b; }

/* 0 when a permutation of the suits maps the board onto a lexicographically
 * smaller one; else 1 (the board is its class's canonical one), with the
 * number of permutations that fix it in *stabiliser. */
static int board_class(const int *board, int *stabiliser) {
    int fixed = 0;
    for (int k = 0; k < n_perms; k++) {
        int img[5];
        /* a card's index is its rank's slot in the deck * n_suits + its suit */
        for (int i = 0; i < 5; i++)
            img[i] = (card_rank[board[i]] - (13 - n_ranks)) * n_suits + perms[k][card_suit[board[i]]];
        qsort(img, 5, sizeof img[0], cmp_int);
        int order = 0;
        for (int i = 0; i < 5 && !order; i++) order = (img[i] > board[i]) - (img[i] < board[i]);
        if (order < 0) return 0;
        if (order == 0) fixed++;
    }
    *stabiliser = fixed;
    return 1;
}

static int run_exact(int largest) {
    int n = n_cards - 5;
    for (int t = 0; t <= largest; t++) values[t] = malloc((binom[n][t] + 1) * sizeof(u32));
    sorted_keys = malloc((binom[n][largest] + 1) * sizeof(u64));
    sort_tmp = malloc((binom[n][largest] + 1) * sizeof(u64));
    for (int t = 1; t < largest; t++) {
        bucket[t] = malloc((binom[n][t] * binom[n - t][largest - t] + 1) * sizeof(u32));
        fill[t] = malloc((binom[n][t] + 1) * sizeof(u32));
    }
    u64 won[MAXL + 1][MAXL + 1] = {{0}}, tied[MAXL + 1][MAXL + 1] = {{0}};
    u64 classes = 0, weight_sum = 0;
    int b[5];
    for (b[0] = 0; b[0] < n_cards; b[0]++)
    for (b[1] = b[0] + 1; b[1] < n_cards; b[1]++)
    for (b[2] = b[1] + 1; b[2] < n_cards; b[2]++)
    for (b[3] = b[2] + 1; b[3] < n_cards; b[3]++)
    for (b[4] = b[3] + 1; b[4] < n_cards; b[4]++) {
        int stab;
        if (!board_class(b, &stab)) continue;
        u64 weight = (u64)(n_perms / stab);
        classes++;
        weight_sum += weight;
        u32 board[4] = {0, 0, 0, 0};
        n_rest = 0;
        for (int c = 0, i = 0; c < n_cards; c++) {
            if (i < 5 && b[i] == c) { i++; board[card_suit[c]] |= 1u << card_rank[c]; }
            else rest_card[n_rest++] = c;
        }
        evaluate_sets(board, largest);
        for (int l = 1; l <= largest; l++) {
            fill_buckets(l);
            for (int s = 0; s < l; s++) {
                u64 w, e;
                count_cell(s, l, &w, &e);
                won[s][l] += weight * w;
                tied[s][l] += weight * e;
            }
        }
    }
    for (int l = 1; l <= largest; l++)
        for (int s = 0; s < l; s++) {
            u64 deals = binom[n_cards][5] * binom[n][s] * binom[n - s][l];
            printf("%d %d %llu %llu %llu\n", s, l, (unsigned long long)won[s][l],
                   (unsigned long long)tied[s][l], (unsigned long long)deals);
        }
    printf("boards %llu %llu\n", (unsigned long long)classes, (unsigned long long)weight_sum);
    return weight_sum == binom[n_cards][5] ? 0 : 1;
}

/* ---------------------------------------------------------------- sampled counts */

static u64 rng_state;

static u64 splitmix64(void) {
    u64 z = (rng_state += 0x9E3779B97F4A7C15ull);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
    return z ^ (z >> 31);
}

/* Uniform in [0, bound) without bias (rejection of the short last range). */
static u64 below(u64 bound) {
    u64 limit = UINT64_MAX - UINT64_MAX % bound;
    for (;;) {
        u64 r = splitmix64();
        if (r < limit) return r % bound;
    }
}

static int run_sample(int mine, int theirs, u64 deals, u64 seed) {
    int deck[MAXN];
    int need = 5 + mine + theirs;
    rng_state = seed;
    u64 won = 0, tied = 0;
    for (int c = 0; c < n_cards; c++) deck[c] = c;
    for (u64 d = 0; d < deals; d++) {
        for (int i = 0; i < need; i++) {
            int j = i + (int)below((u64)(n_cards - i));
            int tmp = deck[i]; deck[i] = deck[j]; deck[j] = tmp;
        }
        u32 board[4] = {0, 0, 0, 0}, a[4], b[4];
        for (int i = 0; i < 5; i++) board[card_suit[deck[i]]] |= 1u << card_rank[deck[i]];
        memcpy(a, board, sizeof a);
        memcpy(b, board, sizeof b);
        for (int i = 0; i < mine; i++) a[card_suit[deck[5 + i]]] |= 1u << card_rank[deck[5 + i]];
        for (int i = 0; i < theirs; i++)
            b[card_suit[deck[5 + mine + i]]] |= 1u << card_rank[deck[5 + mine + i]];
        u32 va = evaluate(a), vb = evaluate(b);
        if (va > vb) won++;
        else if (va == vb) tied++;
    }
    printf("%llu %llu %llu\n", (unsigned long long)won, (unsigned long long)tied,
           (unsigned long long)deals);
    return 0;
}

static int run_evaluate(void) {
    char line[1024];
    while (fgets(line, sizeof line, stdin)) {
        u32 m[4] = {0, 0, 0, 0};
        char *p = line, *end;
        for (long c = strtol(p, &end, 10); end != p; c = strtol(p, &end, 10)) {
            if (c < 0 || c >= 52) {
                fprintf(stderr, "evaluate: a card number is 0..51, not %ld\n", c);
                return 2;
            }
            m[card_suit[c]] |= 1u << card_rank[c];
            p = end;
        }
        printf("%u\n", evaluate(m));
    }
    return 0;
}

static void make_deck(int ranks, int suits) {
    n_ranks = ranks;
    n_suits = suits;
    n_cards = ranks * suits;
    for (int r = 0; r < ranks; r++)
        for (int s = 0; s < suits; s++) {
            card_rank[r * suits + s] = 13 - ranks + r;
            card_suit[r * suits + s] = s;
        }
    for (int i = 0; i <= MAXN; i++) {
        binom[i][0] = 1;
        for (int j = 1; j <= i; j++) binom[i][j] = binom[i - 1][j - 1] + (j <= i - 1 ? binom[i - 1][j] : 0);
    }
}

int main(int argc, char **argv) {
    if (argc == 5 && strcmp(argv[1], "exact") == 0) {
        int ranks = atoi(argv[2]), suits = atoi(argv[3]), largest = atoi(argv[4]);
        if (ranks < 1 || ranks > 13 || suits < 1 || suits > 4 || largest < 1 || largest > MAXL ||
            ranks * suits < 5 + 2 * largest) {
            fprintf(stderr, "exact: ranks 1..13, suits 1..4, largest 1..%d, enough cards\n", MAXL);
            return 2;
        }
        make_deck(ranks, suits);
        make_perms();
        return run_exact(largest);
    }
    if (argc == 6 && strcmp(argv[1], "sample") == 0) {
        int mine = atoi(argv[2]), theirs = atoi(argv[3]);
        u64 deals = strtoull(argv[4], NULL, 10), seed = strtoull(argv[5], NULL, 10);
        if (mine < 0 || theirs < 0 || mine + theirs + 5 > 52 || deals < 1) {
            fprintf(stderr, "sample: MINE + THEIRS + 5 <= 52 cards, DEALS >= 1\n");
            return 2;
        }
        make_deck(13, 4);
        return run_sample(mine, theirs, deals, seed);
    }
    if (argc == 2 && strcmp(argv[1], "evaluate") == 0) {
        make_deck(13, 4);
        return run_evaluate();
    }
    fprintf(stderr, "usage: %s exact RANKS SUITS LARGEST | sample MINE THEIRS DEALS SEED | evaluate\n",
            argv[0]);
    return 2;
}
