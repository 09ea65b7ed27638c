/* fh_parallel.h -- run one job on several threads: fork-safe, cancellable, with polling.
 *
 * Every parallel loop of the C core goes through fh_par_run. It starts its threads when it
 * is called and joins them before it returns, so nothing survives a call: a process may
 * fork at any time between calls and the child can use the core at once (OpenMP's
 * persistent thread pool hangs in a forked child). Starting threads costs tens of
 * microseconds, so callers run small jobs with n_threads = 1 (no thread is started then
 * unless a poll is given).
 *
 * Work is a range of items [0, n_items) handed out dynamically in grains (fh_par_next),
 * so a thread slowed by other processes does not hold up the job. While the workers run,
 * the calling thread waits and calls `poll` every `poll_ms` milliseconds; the Python bridge
 * polls for signals there (Ctrl-C). With one thread, the calling thread runs the worker
 * itself and polls from fh_par_next and fh_par_cancelled once poll_ms have passed (so
 * grains, and the stretches between cancellation checks of long grains, should stay
 * below poll_ms). When poll returns nonzero the run is cancelled: no
 * grain is handed out any more, workers that look at fh_par_cancelled return early, and
 * fh_par_run returns FH_ERR_INTERRUPTED after every worker has returned.
 *
 * Thread creation failure is not an error: the job simply uses fewer threads (the result
 * never depends on the thread count), and if no thread starts at all the calling thread runs
 * the work itself, without polling. A run never starts more threads than it has grains.
 */
#ifndef FH_PARALLEL_H
#define FH_PARALLEL_H

#include "fh_common.h"

/* Most threads one call starts; larger requests are clamped to it. */
#define FH_MAX_THREADS 256

typedef struct fh_par fh_par; /* one parallel run, owned by fh_par_run */

/* A worker: called once on each thread with that thread's index tid (0..n_threads-1).
 * It takes grains with fh_par_next until that returns 0. */
typedef void (*fh_par_worker)(fh_par *par, void *ctx, int tid);

/* Called on the waiting thread every poll_ms ms; return nonzero to cancel the run. */
typedef int (*fh_par_poll)(void *poll_ctx);

/* Run `worker` on up to n_threads threads over items [0, n_items) in grains of `grain`
 * items (grain >= 1). With one thread, the worker runs on the calling thread. Returns FH_OK, FH_ERR_INTERRUPTED (poll asked to stop: the work is incomplete),
 * or FH_ERR_NOMEM (the run's bookkeeping could not be allocated: nothing ran). */
fh_status fh_par_run(size_t n_items, size_t grain, int n_threads, fh_par_worker worker, void *ctx,
                     fh_par_poll poll, void *poll_ctx, unsigned poll_ms);

/* Next grain [*lo, *hi) of the run; 0 when the items are exhausted or the run is cancelled. */
int fh_par_next(fh_par *par, size_t *lo, size_t *hi);

/* Nonzero once the run is cancelled: long grains check it to return early. */
int fh_par_cancelled(const fh_par *par);

/* Threads the run actually uses (1..FH_MAX_THREADS); tids are below it. */
int fh_par_threads(const fh_par *par);

/* Clamp a requested thread count to 1..FH_MAX_THREADS. */
int fh_par_clamp_threads(long requested);

/* Logical CPUs available to this process (at least 1). */
int fh_cpu_count(void);

/* ---- how one call of the C core runs ----------------------------------------------------
 * Every long entry point of the core (fh_eval.h, fh_equity.h) takes a `const fh_exec *`:
 * the thread count the caller asked for and the caller's poll. NULL means one thread and no
 * polling. A kernel decides from its own size whether to use several threads, and polls only
 * when its estimated single-thread cost reaches FH_POLL_MIN_NS (shorter calls return soon
 * enough on their own; polling starts a waiting thread). New parallel loops follow the same
 * pattern: fh_par_exec(n_items, grain, threads_for_this_size, ex, cost_ns, worker, ctx), and a
 * grain that can run longer than a few ms checks fh_par_cancelled(par) as it goes (every
 * few ms at most: with one thread that check is where the poll happens). */
typedef struct fh_exec {
    int threads;       /* threads asked for; clamped to 1..FH_MAX_THREADS */
    fh_par_poll poll;  /* called every poll_ms ms on the waiting caller; NULL: never */
    void *poll_ctx;
    unsigned poll_ms;  /* 0 means FH_POLL_MS */
} fh_exec;

#define FH_POLL_MS 50u
/* Jobs estimated to take at least this long on one thread (in ns) are polled. */
#define FH_POLL_MIN_NS 20000000ULL

/* Threads `ex` asks for, clamped (1 when ex is NULL). */
int fh_exec_threads(const fh_exec *ex);

/* fh_par_run with n_threads threads (the kernel's choice, at most fh_exec_threads(ex)) and
 * ex's poll when cost_ns >= FH_POLL_MIN_NS. */
fh_status fh_par_exec(size_t n_items, size_t grain, int n_threads, const fh_exec *ex, uint64_t cost_ns,
                      fh_par_worker worker, void *ctx);

#endif /* FH_PARALLEL_H */
