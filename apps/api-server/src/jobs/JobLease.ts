/**
 * Who runs a background job that must run on one instance at a time (the reconciler, the held-actions beat, the
 * watcher, the bridge follower, the vault sampler, the DCA scheduler). A lease has an expiry: the holder renews it
 * well before; when the holder dies, another instance takes it once it has expired.
 */
export interface JobLease {
  /**
   * Takes or renews `job`'s lease for `owner` until `ttlMs` from now (the store's clock); true when `owner` holds it
   * afterwards, false when another owner holds an unexpired lease.
   */
  acquire(parameters: { job: string; owner: string; ttlMs: number }): Promise<boolean>;
  /** Gives the lease up if `owner` holds it (a clean stop: another instance takes over at once). */
  release(parameters: { job: string; owner: string }): Promise<void>;
}
