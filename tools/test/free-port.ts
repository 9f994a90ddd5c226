import { createServer } from "node:net";

/**
 * A TCP port on 127.0.0.1 that nothing listens on right now, for a server a test or benchmark
 * starts: the system picks it (listen on port 0), and it is released before it is returned.
 * The one copy for tests, benchmarks and the temporary PostgreSQL.
 */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const address = server.address();
      server.close(() => (typeof address === "object" && address ? resolve(address.port) : reject(new Error("the system gave no port for 127.0.0.1"))));
    });
  });
}
