/*
 * The pad generator's hot loops in C: the greedy player of player.py / batch.py, and
 * the bit-mask tests of the fairness check and the layout.  Optional: when this
 * module is not built, the same functions run in numpy and Python (batch.py, pads.py)
 * and give the same results; tests/games/paleo/test_greedy_c.py checks that they do.
 *
 * Everything here is whole numbers, so results do not depend on the compiler.
 * Buffers come from Python's buffer protocol (numpy arrays, bytes), C-contiguous.
 */
#define PY_SSIZE_T_CLEAN
#include <Python.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#define MAX_TYPES 8
#define SLOTS 8                      /* cells a placement may have in the C player */
#define DRAWN (-((int32_t)1 << 28))  /* a drawn cell: six of them still fit in an int32 */

typedef union {
    uint8_t cell[SLOTS];
    uint64_t word; /* copied as one */
} Placement;

static inline unsigned bits(unsigned x) {
    unsigned count = 0;
    for (; x; x &= x - 1) count++;
    return count;
}

static inline int open_placement(const Placement *p, long k, const uint8_t *taken) {
    int clash = 0;
    for (long i = 0; i < k; i++) clash |= taken[p->cell[i]];
    return !clash;
}

/* Whether some placement over cell c has no drawn cell.  The placements before
 * witness[c] in its cover list were drawn over when last looked at, and stay so; a cell
 * found dead stays dead. */
static int coverable(long c, const int32_t *cover_start, const int32_t *cover,
                     const Placement *all, long k, const uint8_t *taken, uint8_t *dead,
                     int32_t *witness) {
    if (dead[c]) return 0;
    for (long j = cover_start[c] + witness[c]; j < cover_start[c + 1]; j++) {
        if (open_placement(&all[cover[j]], k, taken)) {
            witness[c] = (int32_t)(j - cover_start[c]);
            return 1;
        }
    }
    dead[c] = 1;
    return 0;
}

typedef struct {
    Py_buffer b;
    int held;
} Buf;

static int get_buf(PyObject *obj, Buf *out, Py_ssize_t item, int writable, const char *name) {
    int flags = PyBUF_C_CONTIGUOUS | (writable ? PyBUF_WRITABLE : 0);
    if (PyObject_GetBuffer(obj, &out->b, flags) < 0) {
        return -1;
    }
    out->held = 1;
    if (out->b.len % item) {
        PyErr_Format(PyExc_ValueError, "%s: %zd bytes is not a whole number of %zd-byte items",
                     name, out->b.len, item);
        return -1;
    }
    return 0;
}

static void drop(Buf *bufs, int count) {
    for (int i = 0; i < count; i++) {
        if (bufs[i].held) {
            PyBuffer_Release(&bufs[i].b);
            bufs[i].held = 0;
        }
    }
}

/* ------------------------------------------------------------------ the greedy player */

/* play(spec, sites, rolls, out)
 *
 * spec  = (n, k, types, rounds, plus_limit, weight, first_check,
 *          cells[P*k], roll_start[37], seg_shape[R], seg_type[R], shape_start[H+1],
 *          cover_start[n+1], cover[C])
 *         A roll's options are segments (a shape with a dig type), in rule order; the
 *         placements of shape h are shape_start[h] .. shape_start[h+1]-1, in order.
 * sites = (fossil_start[S+1], value[F], bonus[F], around_start[F+1], around[A],
 *          taken[S*n] (uint8: fossil cells), star[S*n] (uint8))
 * rolls = int32[G*rounds]: the roll of each game and round, (a-1)*6 + (b-1)
 * out   = int32[G*S], written: the score of game g on sheet s at g*S + s
 *
 * All int32 unless noted.  The moves are those of player.play: each round the legal
 * placement of the roll with the largest sum of cell weights, the first in rule order
 * on ties; a round with no legal placement is passed.  A game stops early once nothing
 * can change its score (every undug fossil has an open neighbour that no legal
 * placement covers, and no open star that counts is coverable): legal placements only
 * ever become illegal, so such a game would score nothing more.
 */
static PyObject *greedy_play(PyObject *self, PyObject *args) {
    PyObject *spec, *sites, *rolls_obj, *out_obj;
    if (!PyArg_ParseTuple(args, "O!O!OO", &PyTuple_Type, &spec, &PyTuple_Type, &sites,
                          &rolls_obj, &out_obj)) {
        return NULL;
    }
    if (PyTuple_GET_SIZE(spec) != 14 || PyTuple_GET_SIZE(sites) != 7) {
        PyErr_SetString(PyExc_ValueError, "play: spec needs 14 items, sites 7");
        return NULL;
    }
    long n = PyLong_AsLong(PyTuple_GET_ITEM(spec, 0));
    long k = PyLong_AsLong(PyTuple_GET_ITEM(spec, 1));
    long types = PyLong_AsLong(PyTuple_GET_ITEM(spec, 2));
    long rounds = PyLong_AsLong(PyTuple_GET_ITEM(spec, 3));
    long plus_limit = PyLong_AsLong(PyTuple_GET_ITEM(spec, 4));
    long weight = PyLong_AsLong(PyTuple_GET_ITEM(spec, 5));
    long first_check = PyLong_AsLong(PyTuple_GET_ITEM(spec, 6));
    if (PyErr_Occurred()) {
        return NULL;
    }
    if (n <= 0 || k <= 0 || types <= 0 || types > MAX_TYPES || rounds < 0) {
        PyErr_SetString(PyExc_ValueError, "play: bad sizes in spec");
        return NULL;
    }
    enum { CELLS, RSTART, RPLACE, RTYPE, SSTART, CSTART, COVER, FSTART, VALUE, BONUS, ASTART, AROUND,
           TAKEN, STAR, ROLLS, OUT, NBUF };
    Buf buf[NBUF];
    memset(buf, 0, sizeof buf);
    static const char *names[NBUF] = {"cells", "roll_start", "seg_shape", "seg_type",
                                      "shape_start", "cover_start", "cover", "fossil_start", "value", "bonus",
                                      "around_start", "around", "taken", "star", "rolls", "out"};
    PyObject *objs[NBUF];
    for (int i = 0; i < 7; i++) objs[CELLS + i] = PyTuple_GET_ITEM(spec, 7 + i);
    for (int i = 0; i < 7; i++) objs[FSTART + i] = PyTuple_GET_ITEM(sites, i);
    objs[ROLLS] = rolls_obj;
    objs[OUT] = out_obj;
    for (int i = 0; i < NBUF; i++) {
        Py_ssize_t item = (i == TAKEN || i == STAR) ? 1 : 4;
        if (get_buf(objs[i], &buf[i], item, i == OUT, names[i]) < 0) {
            drop(buf, NBUF);
            return NULL;
        }
    }
#define ARR(i) ((const int32_t *)buf[i].b.buf)
#define LEN(i) (buf[i].b.len / ((i == TAKEN || i == STAR) ? 1 : 4))
    const int32_t *cells = ARR(CELLS), *roll_start = ARR(RSTART), *roll_place = ARR(RPLACE);
    const int32_t *roll_type = ARR(RTYPE), *shape_start = ARR(SSTART), *cover_start = ARR(CSTART), *cover = ARR(COVER);
    const int32_t *fstart = ARR(FSTART), *value = ARR(VALUE), *bonus = ARR(BONUS);
    const int32_t *astart = ARR(ASTART), *around = ARR(AROUND), *rolls = ARR(ROLLS);
    const uint8_t *taken0 = (const uint8_t *)buf[TAKEN].b.buf;
    const uint8_t *star0 = (const uint8_t *)buf[STAR].b.buf;
    int32_t *out = (int32_t *)buf[OUT].b.buf;
    long P = LEN(CELLS) / k, S = LEN(FSTART) - 1, F = LEN(VALUE), H = LEN(SSTART) - 1;
    long G = rounds ? LEN(ROLLS) / rounds : 0;
    const char *bad = NULL;
    if (LEN(CELLS) % k || LEN(RSTART) != 37 || LEN(RPLACE) != LEN(RTYPE) ||
        LEN(CSTART) != n + 1 || S < 0 || H < 0 || LEN(BONUS) != F || LEN(ASTART) != F + 1 ||
        LEN(TAKEN) != S * n || LEN(STAR) != S * n || LEN(OUT) != G * S ||
        (rounds && LEN(ROLLS) % rounds)) {
        bad = "play: array sizes do not agree";
    } else if (roll_start[36] != LEN(RPLACE) || cover_start[n] != LEN(COVER) ||
               shape_start[0] != 0 || shape_start[H] != P ||
               (S >= 0 && fstart[S] != F) || astart[F] != LEN(AROUND)) {
        bad = "play: offsets do not match their arrays";
    } else {
        for (long i = 0; i < LEN(CELLS) && !bad; i++)
            if (cells[i] < 0 || cells[i] >= n) bad = "play: a placement cell is off the grid";
        for (long i = 0; i < LEN(RPLACE) && !bad; i++)
            if (roll_place[i] < 0 || roll_place[i] >= H || roll_type[i] < 0 ||
                roll_type[i] >= types)
                bad = "play: a roll option is out of range";
        for (long i = 0; i < H && !bad; i++)
            if (shape_start[i] > shape_start[i + 1]) bad = "play: shape offsets go backwards";
        for (long i = 0; i < LEN(COVER) && !bad; i++)
            if (cover[i] < 0 || cover[i] >= P) bad = "play: a cover entry is out of range";
        for (long i = 0; i < LEN(AROUND) && !bad; i++)
            if (around[i] < 0 || around[i] >= n) bad = "play: a neighbour is off the grid";
        for (long i = 0; i < LEN(ROLLS) && !bad; i++)
            if (rolls[i] < 0 || rolls[i] >= 36) bad = "play: a roll is out of range";
        for (long i = 0; i < 36 && !bad; i++)
            if (roll_start[i] > roll_start[i + 1]) bad = "play: roll offsets go backwards";
        for (long i = 0; i < n && !bad; i++)
            if (cover_start[i] > cover_start[i + 1]) bad = "play: cover offsets go backwards";
        for (long i = 0; i < S && !bad; i++)
            if (fstart[i] > fstart[i + 1] || fstart[i] < 0) bad = "play: fossil offsets go backwards";
        for (long i = 0; i < F && !bad; i++)
            if (astart[i] > astart[i + 1] || astart[i] < 0) bad = "play: neighbour offsets go backwards";
    }
    if (bad) {
        PyErr_SetString(PyExc_ValueError, bad);
        drop(buf, NBUF);
        return NULL;
    }
    long width = 0;
    for (long s = 0; s < S; s++)
        if (fstart[s + 1] - fstart[s] > width) width = fstart[s + 1] - fstart[s];

    if (n > 255 || k > SLOTS || P > 0x7fffffff) {
        PyErr_SetString(PyExc_ValueError, "play: the C player takes grids of up to 255 cells, "
                                          "and shapes of up to 8 cells");
        drop(buf, NBUF);
        return NULL;
    }
    /* A placement as the player reads it: its cells (unused slots point at cell n, which
     * weighs nothing).  Each shape keeps the placements still legal, in rule order,
     * dropping one the first round it is seen over a drawn cell; a game starts from the
     * sheet's lists (live0), copied as each shape is first used. */
    Placement *all = malloc(sizeof(Placement) * (P ? P : 1));
    Placement *live0 = malloc(sizeof(Placement) * (P ? P : 1));
    Placement *live = malloc(sizeof(Placement) * (P ? P : 1));
    long *count0 = malloc(sizeof(long) * (H ? H : 1)), *count = malloc(sizeof(long) * (H ? H : 1));
    uint8_t *fresh = malloc(H ? H : 1);
    uint8_t *taken = malloc(n + 1), *mark = calloc(n + 1, 1), *dead = malloc(n + 1);
    int32_t *witness = malloc(sizeof(int32_t) * (n + 1));
    int32_t *base = malloc(sizeof(int32_t) * (n + 1));
    int32_t *table = malloc(sizeof(int32_t) * types * (n + 1));
    long *open = malloc(sizeof(long) * (width ? width : 1));
    unsigned *seen = malloc(sizeof(unsigned) * (width ? width : 1));
    uint8_t *undug = malloc(width ? width : 1), *stuck = malloc(width ? width : 1);
    int32_t *stars = malloc(sizeof(int32_t) * n);
    void *blocks[] = {all, live0, live, count0, count, fresh, taken, mark, dead, witness, base,
                      table, open, seen, undug, stuck, stars};
    int nblocks = (int)(sizeof blocks / sizeof blocks[0]), missing = 0;
    for (int i = 0; i < nblocks; i++) missing |= blocks[i] == NULL;
    if (missing) {
        for (int i = 0; i < nblocks; i++) free(blocks[i]);
        drop(buf, NBUF);
        return PyErr_NoMemory();
    }
    for (long p = 0; p < P; p++)
        for (long j = 0; j < SLOTS; j++) all[p].cell[j] = (uint8_t)(j < k ? cells[p * k + j] : n);

    Py_BEGIN_ALLOW_THREADS
    for (long s = 0; s < S; s++) {
        const uint8_t *site_taken = taken0 + s * n, *star = star0 + s * n;
        long f0 = fstart[s], nf = fstart[s + 1] - f0, nstars = 0;
        for (long c = 0; c < n; c++)
            if (star[c]) stars[nstars++] = (int32_t)c;
        memcpy(taken, site_taken, n);
        taken[n] = 0;
        for (long h = 0; h < H; h++) {
            long w = shape_start[h];
            for (long p = shape_start[h]; p < shape_start[h + 1]; p++)
                if (open_placement(&all[p], k, taken)) live0[w++].word = all[p].word;
            count0[h] = w - shape_start[h];
        }
        for (long g = 0; g < G; g++) {
            memset(fresh, 1, H);
            memcpy(taken, site_taken, n);
            memset(dead, 0, n + 1);
            memset(witness, 0, sizeof(int32_t) * (n + 1));
            for (long c = 0; c <= n; c++) base[c] = taken[c] ? DRAWN : 0;
            long covered = 0, score = 0;
            for (long f = 0; f < nf; f++) {
                open[f] = astart[f0 + f + 1] - astart[f0 + f];
                seen[f] = 0;
                undug[f] = 1;
                stuck[f] = 0;
            }
            const int32_t *game = rolls + g * rounds;
            for (long round = 0; round < rounds; round++) {
                /* the weight of every (dig type, cell) this round; a drawn cell weighs so
                 * little that a placement over it sums below zero */
                for (long t = 0; t < types; t++) memcpy(table + t * (n + 1), base, sizeof(int32_t) * (n + 1));
                for (long f = 0; f < nf; f++) {
                    if (!undug[f]) continue;
                    unsigned kinds = bits(seen[f]);
                    long div = open[f] > 0 ? open[f] : 1;
                    const int32_t *a = around + astart[f0 + f], *a_end = around + astart[f0 + f + 1];
                    for (long t = 0; t < types; t++) {
                        int reach = kinds == 0 || (kinds == 1 && (seen[f] >> t & 1));
                        int32_t share = (int32_t)(((int64_t)value[f0 + f] +
                                                   (reach ? bonus[f0 + f] : 0)) * weight / div);
                        int32_t *row = table + t * (n + 1);
                        for (const int32_t *c = a; c < a_end; c++)
                            if (!taken[*c]) row[*c] += share;
                    }
                }
                if (covered < plus_limit)
                    for (long i = 0; i < nstars; i++)
                        if (!taken[stars[i]])
                            for (long t = 0; t < types; t++) table[t * (n + 1) + stars[i]] += weight;
                /* the best legal placement of the roll: the first of the largest sums */
                long r = game[round], t = 0;
                Placement move = {{0}};
                int32_t best = -1;
                for (long i = roll_start[r]; i < roll_start[r + 1]; i++) {
                    long h = roll_place[i], seg_t = roll_type[i];
                    const int32_t *row = table + seg_t * (n + 1);
                    Placement *list = live + shape_start[h];
                    const Placement *from = fresh[h] ? live0 + shape_start[h] : list;
                    long kept = 0, m = fresh[h] ? count0[h] : count[h];
                    fresh[h] = 0;
                    /* the same loop twice: shapes of up to five cells read five slots */
#define SCAN(SUM)                                                                          \
    for (long x = 0; x < m; x++) {                                                         \
        const uint8_t *c = from[x].cell;                                                   \
        uint64_t here = from[x].word;                                                      \
        int32_t sum = SUM;                                                                 \
        /* kept unless over a drawn cell (then never legal again); no branches */          \
        list[kept].word = here;                                                            \
        kept += sum >= 0;                                                                  \
        int better = sum > best;                                                           \
        best = better ? sum : best;                                                        \
        chosen = better ? here : chosen;                                                   \
    }
                    uint64_t chosen = 0;
                    int32_t before = best;
                    if (k <= 5) {
                        SCAN(row[c[0]] + row[c[1]] + row[c[2]] + row[c[3]] + row[c[4]])
                    } else {
                        SCAN(row[c[0]] + row[c[1]] + row[c[2]] + row[c[3]] + row[c[4]] + row[c[5]] +
                             row[c[6]] + row[c[7]])
                    }
                    if (best > before) {
                        move.word = chosen;
                        t = seg_t;
                    }
#undef SCAN
                    count[h] = kept;
                }
                if (best < 0) continue; /* no shape fits: the round is passed */
                for (long j = 0; j < k; j++) {
                    long c = move.cell[j];
                    taken[c] = 1;
                    base[c] = DRAWN;
                    mark[c] = 1;
                    covered += star[c];
                }
                for (long f = 0; f < nf; f++) {
                    if (!undug[f]) continue;
                    long hits = 0;
                    for (long q = astart[f0 + f]; q < astart[f0 + f + 1]; q++) hits += mark[around[q]];
                    if (!hits) continue;
                    open[f] -= hits;
                    seen[f] |= 1u << t;
                    if (open[f] == 0) {
                        undug[f] = 0;
                        score += value[f0 + f] + (bits(seen[f]) == 1 ? bonus[f0 + f] : 0);
                    }
                }
                for (long j = 0; j < k; j++) mark[move.cell[j]] = 0;
                if (round < first_check) continue;
                /* can anything still change the score?  A cell no legal placement covers
                 * stays so, and so does a fossil with such a neighbour (stuck). */
                int alive = 0;
                for (long f = 0; f < nf && !alive; f++) {
                    if (!undug[f] || stuck[f]) continue;
                    for (long q = astart[f0 + f]; q < astart[f0 + f + 1] && !stuck[f]; q++) {
                        long c = around[q];
                        if (!taken[c] && !coverable(c, cover_start, cover, all, k, taken, dead, witness))
                            stuck[f] = 1;
                    }
                    alive = !stuck[f];
                }
                if (!alive && covered < plus_limit)
                    for (long i = 0; i < nstars && !alive; i++)
                        if (!taken[stars[i]])
                            alive = coverable(stars[i], cover_start, cover, all, k, taken, dead, witness);
                if (!alive) break;
            }
            out[g * S + s] = (int32_t)(score + (covered < plus_limit ? covered : plus_limit));
        }
    }
    Py_END_ALLOW_THREADS

    for (int i = 0; i < nblocks; i++) free(blocks[i]);
    drop(buf, NBUF);
    Py_RETURN_NONE;
#undef ARR
#undef LEN
}

/* ------------------------------------------------------------------ bit masks */

/* Masks are little-endian arrays of uint64 words, `words` per mask (bytes objects). */

/* covers_all(placements, words, fossils, need) -> bool
 * Whether every bit of `need` lies in some placement that has no bit of `fossils`:
 * the fairness check (every neighbour of a fossil and every star can be drawn on). */
static PyObject *greedy_covers_all(PyObject *self, PyObject *args) {
    Py_buffer pl, fo, ne;
    Py_ssize_t words;
    if (!PyArg_ParseTuple(args, "y*ny*y*", &pl, &words, &fo, &ne)) return NULL;
    PyObject *result = NULL;
    if (words <= 0 || words > 64 || pl.len % (8 * words) || fo.len != 8 * words ||
        ne.len != 8 * words) {
        PyErr_SetString(PyExc_ValueError, "covers_all: masks of different sizes");
    } else {
        const uint64_t *p = pl.buf, *f = fo.buf, *need = ne.buf;
        uint64_t left[64];
        int any = 0;
        for (Py_ssize_t w = 0; w < words; w++) any |= (left[w] = need[w]) != 0;
        Py_ssize_t count = pl.len / (8 * words);
        for (Py_ssize_t i = 0; i < count && any; i++, p += words) {
            uint64_t clash = 0, hit = 0;
            for (Py_ssize_t w = 0; w < words; w++) {
                clash |= p[w] & f[w];
                hit |= p[w] & left[w];
            }
            if (clash || !hit) continue;
            any = 0;
            for (Py_ssize_t w = 0; w < words; w++) any |= (left[w] &= ~p[w]) != 0;
        }
        result = PyBool_FromLong(!any);
    }
    PyBuffer_Release(&pl);
    PyBuffer_Release(&fo);
    PyBuffer_Release(&ne);
    return result;
}

/* free_spots(spots, words, blocked) -> bytes of uint16: the indices of the spots that
 * share no bit with `blocked`, in order (the layout's choice among them). */
static PyObject *greedy_free_spots(PyObject *self, PyObject *args) {
    Py_buffer sp, bl;
    Py_ssize_t words;
    if (!PyArg_ParseTuple(args, "y*ny*", &sp, &words, &bl)) return NULL;
    PyObject *result = NULL;
    Py_ssize_t count = words > 0 ? sp.len / (8 * words) : 0;
    if (words <= 0 || sp.len % (8 * words) || bl.len != 8 * words || count > 65535) {
        PyErr_SetString(PyExc_ValueError, "free_spots: masks of different sizes");
    } else {
        result = PyBytes_FromStringAndSize(NULL, 2 * count);
        if (result) {
            uint16_t *idx = (uint16_t *)PyBytes_AS_STRING(result);
            const uint64_t *s = sp.buf, *b = bl.buf;
            Py_ssize_t found = 0;
            for (Py_ssize_t i = 0; i < count; i++, s += words) {
                uint64_t clash = 0;
                for (Py_ssize_t w = 0; w < words; w++) clash |= s[w] & b[w];
                if (!clash) idx[found++] = (uint16_t)i;
            }
            if (_PyBytes_Resize(&result, 2 * found) < 0) result = NULL;
        }
    }
    PyBuffer_Release(&sp);
    PyBuffer_Release(&bl);
    return result;
}

static PyMethodDef methods[] = {
    {"play", greedy_play, METH_VARARGS, "The greedy player's scores: play(spec, sites, rolls, out)."},
    {"covers_all", greedy_covers_all, METH_VARARGS,
     "covers_all(placements, words, fossils, need): every needed cell can be drawn on."},
    {"free_spots", greedy_free_spots, METH_VARARGS,
     "free_spots(spots, words, blocked): indices (uint16) of the spots clear of blocked."},
    {NULL, NULL, 0, NULL},
};

static struct PyModuleDef module = {
    PyModuleDef_HEAD_INIT, "_greedy", "The pad generator's hot loops in C.", -1, methods,
};

PyMODINIT_FUNC PyInit__greedy(void) { return PyModule_Create(&module); }
