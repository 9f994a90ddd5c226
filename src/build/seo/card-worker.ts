import { parentPort, workerData } from "node:worker_threads";
import { drawCard, loadCardAssets, type CardText } from "./card-image.ts";

/** A drawing thread of social-cards.ts: loads the fonts once, then draws each card it is sent. */
const assets = loadCardAssets((workerData as { logo: string }).logo);
parentPort!.on("message", async ({ id, text }: { id: number; text: CardText }) => {
  try {
    const png = await drawCard(text, assets);
    parentPort!.postMessage({ id, png });
  } catch (error) {
    parentPort!.postMessage({ id, error: error instanceof Error ? error.message : String(error) });
  }
});
