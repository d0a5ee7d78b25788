/**
 * The disks pack: tools beyond the seed's dd/mkfs/fdisk that erase, discard, encrypt over or
 * destroy a disk, a pool or a volume. Listing and help invocations stay quiet.
 */

import type { CommandView } from "../command.js";
import { diskTool, mkfs } from "./core.js";
import { finding, NONE, type Pack, type Rule } from "./types.js";

const ERASE = "dangerous/disk-erase";
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
  ["hdparm", (view) => view.args.some((a) => /^--(?:security-erase(?:-enhanced)?|trim-sector-ranges|write-sector|make-bad-sector)$/.test(a)) ? [finding(ERASE, "hdparm with an erase or write option destroys data on the drive.")] : NONE],
]);

export const disks: Pack = {
  name: "disks",
  description: "blkdiscard, nvme format, cryptsetup luksFormat, badblocks -w, mkntfs/mkdosfs, zpool/zfs destroy, lvremove, mdadm --create, hdparm --security-erase.",
  entries: ENTRIES,
  findings: {
    [ERASE]: { entry: "blkdiscard, nvme, cryptsetup, badblocks, zpool, zfs, lvremove, vgremove, pvremove, mdadm, hdparm", description: "A tool that discards, erases, re-encrypts or destroys a disk, pool or volume." },
  },
};
