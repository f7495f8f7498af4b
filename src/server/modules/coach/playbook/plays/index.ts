import agency from './agency.json' with { type: 'json' };
import carLot from './car_lot.json' with { type: 'json' };
import clinical from './clinical.json' with { type: 'json' };
import doorToDoor from './door_to_door.json' with { type: 'json' };
import enterprise from './enterprise.json' with { type: 'json' };
import inHome from './in_home.json' with { type: 'json' };
import inbound from './inbound.json' with { type: 'json' };
import listing from './listing.json' with { type: 'json' };
import membership from './membership.json' with { type: 'json' };
import phoneB2c from './phone_b2c.json' with { type: 'json' };
import retailFloor from './retail_floor.json' with { type: 'json' };
import { wayFileSchema, type Cell, type PlayMoment, type Way, type WayFile } from './schema.js';
import sdr from './sdr.json' with { type: 'json' };
import smbB2b from './smb_b2b.json' with { type: 'json' };

/**
 * The written ways of selling, checked against their schema once when the coach loads: a file
 * that breaks a rule (a slot in a line, a fourth approach) stops the server at start, not a rep
 * mid-conversation. Bundled into the server, so nothing is read from disk.
 */
const FILES: unknown[] = [doorToDoor, carLot, retailFloor, phoneB2c, inHome, membership, listing, inbound, sdr, smbB2b, enterprise, agency, clinical];

export const PLAYS: ReadonlyMap<Way, WayFile> = new Map(
  FILES.map((raw) => {
    const file = wayFileSchema.parse(raw);
    return [file.way, file] as const;
  }),
);

export const cellFor = (way: Way, moment: PlayMoment): Cell | undefined => PLAYS.get(way)?.moments[moment];

export const wayLabel = (way: Way): string => PLAYS.get(way)?.label ?? way;
