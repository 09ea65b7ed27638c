/* fh_parallel.c -- threads started per call, dynamic grains, polling and cancellation
 * (see fh_parallel.h). POSIX threads; elsewhere every run is serial on the calling thread. */
#if !defined(_WIN32)
#define _POSIX_C_SOURCE 200809L
#endif
#include "fh_parallel.h"

#include <stdatomic.h>
#include <stdlib.h>

#if !defined(_WIN32)
#include <errno.h>
#include <pthread.h>
#include <time.h>
#include <unistd.h>
#define FH_HAVE_PTHREADS 1
#endif

struct fh_par {
    atomic_size_t next;      /* first item not yet handed out */
    size_t n_items, grain;
    atomic_int cancelled;
    int n_threads;
    fh_par_worker worker;
    void *ctx;
#ifdef FH_HAVE_PTHREADS
    pthread_mutex_t lock;
    pthread_cond_t done;
    int running;             /* workers that have not returned yet (under lock) */
    /* One thread and a poll: the caller runs the worker itself and polls between grains
     * and at cancellation checks, once poll_ms have passed (no thread is started). */
    fh_par_poll inline_poll;
    void *poll_ctx;
    unsigned poll_ms;
    struct timespec next_poll;
#endif
};

#ifdef FH_HAVE_PTHREADS
static void deadline_after(struct timespec *ts, unsigned ms);

/* Poll from the worker running on the calling thread, when the next poll is due. */
static void poll_inline(fh_par *par) {
    struct timespec now;
    clock_gettime(CLOCK_MONOTONIC, &now);
    if (now.tv_sec < par->next_poll.tv_sec ||
        (now.tv_sec == par->next_poll.tv_sec && now.tv_nsec < par->next_poll.tv_nsec))
        return;
    if (par->inline_poll(par->poll_ctx)) atomic_store(&par->cancelled, 1);
    deadline_after(&par->next_poll, par->poll_ms);
}
#define FH_POLL_INLINE(par) \
    do {                                                                              \
        if ((par)->inline_poll && !atomic_load_explicit(&(par)->cancelled, memory_order_relaxed)) \
            poll_inline(par);                                                         \
    } while (0)
#else
#define FH_POLL_INLINE(par) ((void)0)
#endif

int fh_par_next(fh_par *par, size_t *lo, size_t *hi) {
    FH_POLL_INLINE(par);
    if (atomic_load_explicit(&par->cancelled, memory_order_relaxed)) return 0;
    size_t start = atomic_fetch_add_explicit(&par->next, par->grain, memory_order_relaxed);
    if (start >= par->n_items) return 0;
    *lo = start;
    *hi = par->n_items - start < par->grain ? par->n_items : start + par->grain;
    return 1;
}

int fh_par_cancelled(const fh_par *par) {
    fh_par *p = (fh_par *)par; /* the inline poll updates its deadline */
    FH_POLL_INLINE(p);
    return atomic_load_explicit(&p->cancelled, memory_order_relaxed);
}

int fh_par_threads(const fh_par *par) { return par->n_threads; }

int fh_par_clamp_threads(long requested) {
    if (requested < 1) return 1;
    return requested > FH_MAX_THREADS ? FH_MAX_THREADS : (int)requested;
}

int fh_cpu_count(void) {
#ifdef FH_HAVE_PTHREADS
    long n = sysconf(_SC_NPROCESSORS_ONLN);
    return n < 1 ? 1 : fh_par_clamp_threads(n);
#else
    return 1;
#endif
}

static void par_init(fh_par *par, size_t n_items, size_t grain, int n_threads, fh_par_worker worker, void *ctx) {
    atomic_init(&par->next, 0);
    atomic_init(&par->cancelled, 0);
    par->n_items = n_items;
    par->grain = grain ? grain : 1;
    par->n_threads = n_threads;
    par->worker = worker;
    par->ctx = ctx;
#ifdef FH_HAVE_PTHREADS
    par->inline_poll = NULL;
#endif
}

#ifdef FH_HAVE_PTHREADS
typedef struct {
    fh_par *par;
    int tid;
} worker_arg;

static void *worker_main(void *p) {
    worker_arg *a = p;
    fh_par *par = a->par;
    par->worker(par, par->ctx, a->tid);
    pthread_mutex_lock(&par->lock);
    if (--par->running == 0) pthread_cond_signal(&par->done);
    pthread_mutex_unlock(&par->lock);
    return NULL;
}

static void deadline_after(struct timespec *ts, unsigned ms) {
    clock_gettime(CLOCK_MONOTONIC, ts);
    ts->tv_sec += ms / 1000;
    ts->tv_nsec += (long)(ms % 1000) * 1000000L;
    if (ts->tv_nsec >= 1000000000L) {
        ts->tv_sec += 1;
        ts->tv_nsec -= 1000000000L;
    }
}
#endif

fh_status fh_par_run(size_t n_items, size_t grain, int n_threads, fh_par_worker worker, void *ctx,
                     fh_par_poll poll, void *poll_ctx, unsigned poll_ms) {
    fh_par par;
    n_threads = fh_par_clamp_threads(n_threads);
    if (n_items == 0) return FH_OK;
    if (grain == 0) grain = 1;
    size_t n_grains = n_items / grain + (n_items % grain != 0);
    if ((size_t)n_threads > n_grains) n_threads = (int)n_grains;
#ifdef FH_HAVE_PTHREADS
    if (n_threads == 1) {
        par_init(&par, n_items, grain, 1, worker, ctx);
        if (poll) {
            par.inline_poll = poll;
            par.poll_ctx = poll_ctx;
            par.poll_ms = poll_ms ? poll_ms : 100;
            deadline_after(&par.next_poll, par.poll_ms);
        }
        worker(&par, ctx, 0);
        return fh_par_cancelled(&par) ? FH_ERR_INTERRUPTED : FH_OK;
    }
    par_init(&par, n_items, grain, n_threads, worker, ctx);
    pthread_t *threads = malloc((size_t)n_threads * sizeof *threads);
    worker_arg *args = malloc((size_t)n_threads * sizeof *args);
    pthread_condattr_t cattr;
    if (!threads || !args || pthread_condattr_init(&cattr) != 0) {
        free(threads);
        free(args);
        return FH_ERR_NOMEM;
    }
    pthread_condattr_setclock(&cattr, CLOCK_MONOTONIC);
    pthread_cond_init(&par.done, &cattr);
    pthread_condattr_destroy(&cattr);
    pthread_mutex_init(&par.lock, NULL);
    par.running = 0;
    int started = 0;
    pthread_mutex_lock(&par.lock);
    for (int t = 0; t < n_threads; t++) {
        args[t].par = &par;
        args[t].tid = t;
        par.running++;
        if (pthread_create(&threads[t], NULL, worker_main, &args[t]) != 0) {
            par.running--;
            break;
        }
        started++;
    }
    fh_status status = FH_OK;
    if (started == 0) {
        /* No thread could start: do the work here (tid 0 exists whatever n_threads is). */
        pthread_mutex_unlock(&par.lock);
        worker(&par, ctx, 0);
    } else {
        /* Threads that could not start leave their tids unused: the grains are shared. */
        unsigned wait_ms = poll_ms ? poll_ms : 100;
        while (par.running > 0) {
            struct timespec deadline;
            deadline_after(&deadline, wait_ms);
            int rc = pthread_cond_timedwait(&par.done, &par.lock, &deadline);
            if (rc == ETIMEDOUT && poll && par.running > 0 && !fh_par_cancelled(&par)) {
                pthread_mutex_unlock(&par.lock);
                if (poll(poll_ctx)) atomic_store(&par.cancelled, 1);
                pthread_mutex_lock(&par.lock);
            }
        }
        pthread_mutex_unlock(&par.lock);
        for (int t = 0; t < started; t++) pthread_join(threads[t], NULL);
        if (fh_par_cancelled(&par)) status = FH_ERR_INTERRUPTED;
    }
    pthread_cond_destroy(&par.done);
    pthread_mutex_destroy(&par.lock);
    free(threads);
    free(args);
    return status;
#else
    (void)poll;
    (void)poll_ctx;
    (void)poll_ms;
    par_init(&par, n_items, grain, 1, worker, ctx);
    worker(&par, ctx, 0);
    return FH_OK;
#endif
}

int fh_exec_threads(const fh_exec *ex) { return ex ? fh_par_clamp_threads(ex->threads) : 1; }

fh_status fh_par_exec(size_t n_items, size_t grain, int n_threads, const fh_exec *ex, uint64_t cost_ns,
                      fh_par_worker worker, void *ctx) {
    int polled = ex && ex->poll && cost_ns >= FH_POLL_MIN_NS;
    return fh_par_run(n_items, grain, n_threads, worker, ctx, polled ? ex->poll : NULL,
                      polled ? ex->poll_ctx : NULL, polled ? (ex->poll_ms ? ex->poll_ms : FH_POLL_MS) : 0);
}
