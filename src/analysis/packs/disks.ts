/**
 * The disks pack: tools beyond the seed's dd/mkfs/fdisk that erase, discard, encrypt over or
 * destroy a disk, a pool or a volume. Listing and help invocations stay quiet.
 */

import type { CommandView } from "../command.js";
import { diskTool, mkfs } from "./core.js";
import { finding, NONE, type Pack, type Rule } from "./types.js";
import { parseFlags, type FlagSpec } from "../flags.js";

const ERASE = "dangerous/disk-erase";
/** virsh's global options, before the verb. */
const VIRSH: FlagSpec = { short: { q: "quiet", r: "readonly", t: "timing", v: "version", V: "version" }, shortValue: { c: "connect", d: "debug", e: "escape", k: "keepalive-interval", K: "keepalive-count", l: "log" }, long: { quiet: "quiet", readonly: "readonly", timing: "timing" }, longValue: { connect: "connect", debug: "debug", escape: "escape", "keepalive-interval": "keepalive-interval", "keepalive-count": "keepalive-count", log: "log" }, stopAtOperand: true };
const erase = (what: string) => diskTool(ERASE, what);

/** `tool VERB ...` where only some verbs destroy. */
function byVerb(verbs: RegExp, what: string): Rule {
  return (view: CommandView) => {
    const verb = view.args.slice(1).find((a) => !a.startsWith("-")) ?? "";
    return verbs.test(verb) ? [finding(ERASE, `${view.name} ${verb} ${what}; make sure the device is the one you mean.`)] : NONE;
  };
}

/** badblocks only writes with -w (destructive) or -n (non-destructive, still rewrites every block). */
function badblocks(view: CommandView) {
  return view.args.some((a, i) => i > 0 && /^-[A-Za-z]*w/.test(a) && !a.startsWith("--"))
    ? [finding(ERASE, "badblocks -w overwrites every block of the device with test patterns, erasing it.")]
    : NONE;
}

const ENTRIES = new Map<string, Rule>([
  ["blkdiscard", erase("discards every block of the device, erasing it")],
  ["nvme", byVerb(/^(?:format|sanitize|delete-ns|ns-delete)$/, "erases the namespace")],
  ["cryptsetup", byVerb(/^(?:luksFormat|erase|luksErase|reencrypt|luksKillSlot|luksRemoveKey)$/, "overwrites the LUKS header or keys, making the data unreadable")],
  ["badblocks", badblocks],
  ["mkntfs", mkfs], ["mkdosfs", mkfs], ["mkexfatfs", mkfs], ["mkswap", mkfs], ["mformat", mkfs],
  ["zpool", byVerb(/^(?:destroy|labelclear)$/, "destroys the pool")],
  ["zfs", byVerb(/^destroy$/, "destroys the dataset and its snapshots")],
  ["lvremove", erase("removes logical volumes")], ["vgremove", erase("removes a volume group")], ["pvremove", erase("wipes the LVM label")],
  ["mdadm", (view) => view.args.some((a) => a === "--zero-superblock" || /^--(?:create|C)$/.test(a) || a === "-C") ? [finding(ERASE, "mdadm --create / --zero-superblock overwrites RAID metadata on its devices.")] : NONE],
  // libvirt: a machine undefined with its storage, a volume deleted or wiped, a pool deleted (its directory or disk).
  ["virsh", (view) => {
    const p = parseFlags(view.args, VIRSH, 1);
    const verb = view.args[p.rest] ?? "";
    const storage = verb === "undefine" && view.args.some((a) => a === "--remove-all-storage" || a === "--storage" || a.startsWith("--storage=") || a === "--wipe-storage");
    return storage || /^(?:vol-delete|vol-wipe|pool-delete)$/.test(verb) ? [finding(ERASE, `virsh ${verb} deletes or wipes the machine's or the pool's storage; make sure it is the one you mean.`)] : NONE;
  }],
  ["hdparm", (view) => view.args.some((a) => /^--(?:security-erase(?:-enhanced)?|trim-sector-ranges|write-sector|make-bad-sector)$/.test(a)) ? [finding(ERASE, "hdparm with an erase or write option destroys data on the drive.")] : NONE],
]);

export const disks: Pack = {
  name: "disks",
  description: "blkdiscard, nvme format, cryptsetup luksFormat, badblocks -w, mkntfs/mkdosfs, zpool/zfs destroy, lvremove, mdadm --create, hdparm --security-erase, virsh undefine --remove-all-storage / vol-delete.",
  entries: ENTRIES,
  findings: {
    [ERASE]: { entry: "blkdiscard, nvme, cryptsetup, badblocks, zpool, zfs, lvremove, vgremove, pvremove, mdadm, hdparm, virsh", description: "A tool that discards, erases, re-encrypts or destroys a disk, pool or volume." },
  },
};
