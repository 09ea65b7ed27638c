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
 * polls for signals there (Ctrl-C). When poll returns nonzero the run is cancelled: no
 * grain is handed out any more, workers that look at fh_par_cancelled return early, and
 * fh_par_run returns FH_ERR_INTERRUPTED after every worker has returned.
 *
 * Thread creation failure is not an error while at least one thread runs the work:
 * the job simply uses fewer threads (the result never depends on the thread count).
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
 * items (grain >= 1). With poll == NULL and one thread, the worker runs on the calling
 * thread. Returns FH_OK, FH_ERR_INTERRUPTED (poll asked to stop: the work is incomplete),
 * or FH_ERR_NOMEM (no thread could be started and polling was asked for: nothing ran). */
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

#endif /* FH_PARALLEL_H */
