// Every queue's consumer wired to the service that handles its messages, and the dead-lettered queues.

import { revokeQueued } from "../services/accounts/revocations";
import { sendQueuedReportMails } from "../services/analytics/report-schedules";
import { readQueuedMetrics } from "../services/analytics/samples";
import { recordDeadLetters } from "../services/dead-letters";
import { takeInbound } from "../services/flows/run/inbound";
import { sendQueuedReply } from "../services/inbox/replies";
import { checkQueuedPlugs } from "../services/plugs/checks";
import { publishQueued } from "../services/posts/publish";
import { checkQueuedFeed } from "../services/rss/check";
import type { Runtime } from "../services/runtime";
import { deliverQueued } from "../services/webhooks/deliver";
import { feedCheckQueue } from "./feed-checks";
import { inboundQueue } from "./inbound";
import { inboxReplyQueue } from "./inbox-replies";
import { metricsReadQueue } from "./metrics-reads";
import { plugCheckQueue } from "./plug-checks";
import { publishQueue } from "./publish";
import { type Consumer, deadLetterConsumer, oneByOne } from "./queue";
import { reportMailQueue } from "./report-mails";
import { revocationQueue } from "./revocations";
import { webhookQueue } from "./webhooks";

/** The queues that have a dead-letter queue in wrangler.toml. */
export const DEAD_LETTERED = [publishQueue, webhookQueue, inboundQueue];

/** Every queue and dead-letter queue in wrangler.toml, with the service that handles its messages. */
export const CONSUMERS: Consumer<Runtime>[] = [
  publishQueue.consumer(publishQueued),
  webhookQueue.consumer(deliverQueued),
  plugCheckQueue.consumer(oneByOne(checkQueuedPlugs)),
  feedCheckQueue.consumer(oneByOne(checkQueuedFeed)),
  revocationQueue.consumer(oneByOne(revokeQueued)),
  metricsReadQueue.consumer(oneByOne(readQueuedMetrics)),
  inboundQueue.consumer(takeInbound),
  inboxReplyQueue.consumer(oneByOne(sendQueuedReply)),
  reportMailQueue.consumer(oneByOne(sendQueuedReportMails)),
  ...DEAD_LETTERED.map((queue) => deadLetterConsumer(queue, recordDeadLetters)),
];
