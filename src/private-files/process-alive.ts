/**
 * True while the process `pid` runs, so that a file or folder it left behind (a dev stack's file,
 * an off-heap scratch folder) is known to be stale once it has gone. EPERM means the process exists
 * but belongs to someone else: it still runs.
 */
export function isProcessAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}
