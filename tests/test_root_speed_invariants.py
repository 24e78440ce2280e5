"""Speed work must not change a thing: random games give the same states, legal lists, events and views.

The fingerprints below were computed by the engine before the speed work of issue 12 (main at d33c319): for
every configuration of `main_option_sets` (maps, decks, hirelings under both control schemes, the Advanced
Setup's drafts, their pools of setup cards named as they then were) and a few more seeds, one random game (seed i, actions chosen by random.Random(i)) through the
public API. Each row pins the number of decisions, the final `state_hash()`, a digest of every legal list in
order (the ids and their order), a digest of the event log (rule ids, keys, parameters, who sees them) and a
digest of views and action texts taken along the way. An optimisation that changes any of them changes the
rules, the ids or what a table shows, and is wrong.
"""
from __future__ import annotations

import hashlib
import json
import random

import pytest

import boardlab
from boardlab.core import codec

VIEW_EVERY = 150  # a view and an action text every so many decisions (views are slow; the end is always seen)

# players, options, seed, decisions, state hash, legal lists, events, views and texts
PINNED = [
    (2, {}, 0, 380, '2a9a3221a5d8c0decff735b07f404107', '8c11e3a027c74522', '800b881321020dc0', '957b4ea4b8827488'),
    (2, {'map': 'winter'}, 1, 599, 'e6db380ed0b1db7c99a8681805afb614', '6dba73471d7e46ee', '5cd01b71c8e87de8', 'e26beedf23de5a59'),
    (2, {'map': 'lake'}, 2, 605, '6174748cbce3a3beb1fb6064d4104df9', '1b825472c87e9372', 'c46b9abdf6ce8de7', '06c9e711b0cf834f'),
    (2, {'map': 'mountain'}, 3, 258, '984e734e1db646d1614af32e8d67a625', 'a5e6c6fd37ce7ef7', '4abea6fdbbb77d77', '7394094ac740f807'),
    (2, {'deck': 'exiles'}, 4, 313, 'f69db7476bf3a41dc8850a46e8eafad7', '0524a124c4f000ec', '0a4db0c59c4f477a', 'b0a9bc5d0735484f'),
    (2, {'factions': ['marquise', 'vagabond'], 'below_reach': True}, 5, 263, 'c810036ba382acb33ffae028447cca96', 'a68ac7fb6ddfc6c9', '2b96ccda067d4e00', '804728340bd71525'),
    (3, {}, 6, 358, '05b5617d47c6c22ca214d57f11621010', '06c265b782d2034c', 'a47c2cbf61b0b2cd', 'e561a3cb87a0641b'),
    (3, {'factions': ['alliance', 'marquise', 'eyrie']}, 7, 1097, '2a40de99e65d1d1ac51459a5cafec6c1', '5ab54fb88f496e60', '2e963eedfb10e0b8', '86325fa32fbde73a'),
    (3, {'factions': ['marquise', 'eyrie', 'vagabond']}, 8, 257, 'fdde46e252e7079f481b335b0fb4af09', 'bd9f998a5d520e4a', '88cdd7c89ccca40c', '92d31745d6fde207'),
    (4, {}, 9, 1419, '16c6e51e2781a3a1e2c9f98011753d3d', '48a250e57d7bd469', 'd834521f6104f01f', '88914f40482ef9bb'),
    (5, {}, 10, 426, 'ad2fe3397e2c6bacff29cbeb60ef4202', 'cb05ad7c7f202824', 'fa0b7bcf15157b5c', '0d5c5d049ec4006e'),
    (4, {'map': 'winter', 'factions': ['vagabond', 'alliance', 'eyrie', 'marquise']}, 11, 605, '509ef51ef021407192e7cbdc4840213c', 'dab62f1ae1e83df8', '0a97df78ec9cf2fc', '5de5444d7ddbeb24'),
    (4, {'factions': ['marquise', 'eyrie', 'vagabond', 'vagabond2'], 'vagabond': ['thief', 'ranger']}, 12, 421, '3568d30ff60658596e7deef290acece6', 'beeb2bea76f8878a', '8e2375a4a369d934', '878f6851ceb1003c'),
    (2, {'factions': ['marquise', 'eyrie'], 'hirelings': 'random'}, 13, 491, '395906c983b5f592c1445d861eede834', '0b50a454534f0611', '5cccbfc828189718', '0f5457f0e6ed1795'),
    # re-pinned (branch rootlaw): the Marquise no longer recruits in the uncontrolled Furious Protector's clearing,
    # where she cannot place (LR-01-01-02); before, her turn-1 Recruit put a warrior there
    (3, {'factions': ['marquise', 'vagabond', 'vagabond2'], 'hirelings': 'random', 'below_reach': True}, 14, 388, 'f0bf3fc7c830adb89f60147dddf94c04', '498bae99f96a73ed', 'bd770d2256d33f17', 'ba5b020601b568ed'),
    (2, {'factions': ['eyrie', 'alliance'], 'hirelings': ['forest_patrol', 'exile'], 'below_reach': True, 'hireling_control': 'law', 'map': 'lake'}, 15, 389, '90ddd12e7649db41c9ced3af36779c17', '53fa3324feaab9e8', '6ae72a30a764ed03', '908f6e4ce4ddc150'),
    (3, {'factions': ['marquise', 'eyrie', 'alliance'], 'hirelings': ['vault_keepers', 'flame_bearers', 'prosperous_farmers']}, 16, 414, '58021f9168017d86e5b0631faf0a7844', '794e43fec9c38c1c', 'b32ff2d71da321b7', '5dc3dcae5982898f'),
    # re-pinned (branch rootlaw): Recruit is no longer offered while her only recruiter stands in the uncontrolled
    # Furious Protector's clearing, where she cannot place (LR-01-01-02)
    (4, {'factions': ['marquise', 'eyrie', 'alliance', 'vagabond'], 'map': 'mountain', 'hirelings': ['riverfolk_flotilla', 'highway_bandits', 'furious_protector']}, 17, 2210, 'e647016ced67fc825d86fdb3784a45b7', '87a5459964a856ff', '42408c20cd81ffad', '1b0ad800b5995f61'),
    (4, {'factions': ['marquise', 'eyrie', 'alliance', 'vagabond'], 'hirelings': ['river_roamers', 'sunward_expedition', 'sunny_advocates']}, 18, 1449, 'afb989bde0e24788b1a242b2433313a7', '768820c146bbb6ac', '1277e7b3d2c5c068', 'd6f6bb0f267be449'),
    (3, {'setup': 'advanced', 'setup_cards': ['marquise', 'eyrie', 'alliance', 'vagabond']}, 19, 575, '63dd3f74ae9d2cc6653aa03d1e3771d3', '9128bfee059b191a', '0fe894af27cf65a4', '65d2cb6c3900346a'),
    (4, {'setup': 'advanced', 'setup_cards': ['marquise', 'eyrie', 'alliance', 'vagabond', 'vagabond2'], 'map': 'lake', 'deck': 'exiles'}, 20, 438, 'e15a9f4977878b918d7ea93ce06dfdc3', '0608a18a71eae008', '05c8514f8deb1a24', 'a3b1743e9a38b31c'),
    (2, {'setup': 'advanced', 'factions': ['eyrie', 'marquise']}, 21, 490, 'f6aa0f7ce728f036a3e23fca9284075d', '7651b58915875c92', '31b1737dea1fa858', 'd69c257131b428dd'),
    (5, {'setup': 'advanced', 'factions': ['marquise', 'eyrie', 'alliance', 'vagabond', 'vagabond2']}, 22, 622, '57186c6b3491b8dd4072f668402be945', 'ea7af71312b49770', '0f8f2836b8da81d2', 'cf413ad145307170'),
    (2, {'setup': 'advanced', 'factions': ['marquise', 'eyrie'], 'hirelings': ['spring_uprising', 'exile'], 'hireling_control': 'law'}, 23, 468, 'd54ebd65b612c330850454da2ab9450c', '9839c3b9b51eb5c2', '8d6e4bde9385df30', '2d2802d68f258767'),
    (2, {'setup': 'advanced', 'factions': ['eyrie', 'marquise'], 'hirelings': ['popular_band', 'flame_bearers', 'prosperous_farmers']}, 24, 719, '9f11d429405ff9c4e41676016e61732b', 'a731702b54466f81', '0df7c8ed930aec19', 'e2387665391c3571'),
    (3, {'setup': 'advanced', 'setup_cards': ['marquise', 'eyrie', 'alliance', 'vagabond'], 'hirelings': 'random'}, 25, 507, 'bd7aa6f69f55d251f221194a8d0c2926', '30d79b9371ef23f9', '5f613e284fc002b3', '7ba9097acb0014ab'),
    (3, {'setup': 'advanced', 'setup_cards': ['marquise', 'eyrie', 'alliance', 'vagabond'], 'hirelings': 'random', 'hireling_control': 'law'}, 26, 549, '44d0f00a79a9d3d22b78084a3d699cdf', '01283395598f090b', 'f0d5ab375119006e', '2444d1bf64453ddd'),
    (4, {'setup': 'advanced', 'setup_cards': ['marquise', 'eyrie', 'alliance', 'vagabond', 'vagabond2'], 'hirelings': 'random', 'map': 'winter'}, 27, 387, '8e0192e98f6ba3fdca5bc0c4c6366eda', '993e0907917114cc', 'f11952f13792f16b', 'd70291e19c839910'),
    (4, {'setup': 'advanced', 'setup_cards': ['marquise', 'eyrie', 'alliance', 'vagabond', 'vagabond2'], 'hirelings': 'random', 'hireling_control': 'law', 'deck': 'exiles'}, 28, 898, 'f302fe9e2b9ea56e85a5834cbfe100d5', '3c21917c9c496b85', '390d8a6f41972ffe', 'a1093536737005dd'),
    (5, {'setup': 'advanced', 'factions': ['marquise', 'eyrie', 'alliance', 'vagabond', 'vagabond2'], 'hirelings': 'random'}, 29, 1072, '8e58d941b147e4c068507484a190a4ab', '9392094faaf99b47', '863caf6b791db447', 'e8a74379e835ed29'),
    (5, {'setup': 'advanced', 'factions': ['marquise', 'eyrie', 'alliance', 'vagabond', 'vagabond2'], 'hirelings': 'random', 'hireling_control': 'law'}, 30, 1245, '884da2152e5985c16d4961d29e56bb22', '4934531e86f0bcd6', '9ba4c65776e4c52d', 'b750911cdc955b6a'),
    (4, {}, 100, 454, '31a076f711cb6c77a291d3fe7866f73c', 'afa67f54b738099d', '19c0ed6e363294ff', '9bc14821267b1107'),
    (4, {}, 101, 1051, 'f46355effb82525f885f4794c1a173f1', 'c0b57df5151b65ba', '47e44105e9570f82', '29bf45974951cd02'),
    (4, {}, 102, 2074, 'c71efeef0cababff2e24d1bfee72375b', '7b23ba8015c5f052', 'f99ac2f0b1926c4e', 'e19a97b4ce4c0c34'),
    (5, {}, 103, 774, '67eb5cc338f85eb69ca8ef79dca49079', '237a85604a8896da', '40595060b33c5228', '96995cbd7ec860e8'),
    (2, {}, 104, 566, 'ae649a4a0d923d2c4172527c59d02350', '6d5d155ca62940af', '019217addcd0b140', 'dcd0f00b7145b7f6'),
    (3, {}, 105, 517, '29dae1c0a7e31d655d5d90a66e19a4de', 'fac158c5c662739b', '7cd841404449dde0', 'cc89e589093558ed'),
    (3, {'hirelings': 'random', 'factions': ['marquise', 'eyrie', 'alliance']}, 106, 471, '1314c0b4163d9c2cb53c3189b6ccaa34', 'b0683015817b965b', '1cd774d1f2a3fb79', '1a49cb2781bf64da'),
    (4, {'setup': 'advanced', 'setup_cards': ['marquise', 'eyrie', 'alliance', 'vagabond', 'vagabond2']}, 107, 444, '1f76f84b90b1e437f61eed1e1b376458', 'c9c5cfa7b611741a', '8a30262f73aa0482', 'da91c7b435f407e1'),
    (2, {'map': 'mountain', 'deck': 'exiles'}, 108, 258, '6b6217216e00630f1bc8d6d0ad530fdb', 'a80cb56135d9097a', '053151ea152c949a', 'e849ebe14e14c863'),
]

# The later factions (issue 14), computed before the second round of speed work (rootspeed branch at bf83164):
# each faction of chapters 10-18 beside the base ones, 4 players.
PINNED += [
    (4, {'factions': ['marquise', 'eyrie', 'alliance', 'lizard']}, 200, 401, '2eac6af3834542666752a1e2c9d05c48', '25e602f9a734af1a', '78d03eb38e1bf3b8', 'a247dd046c696fc8'),
    (4, {'factions': ['marquise', 'eyrie', 'alliance', 'riverfolk']}, 201, 173, 'dc5f079c80e243a30b1d10ec0394a325', '7f3bdb973a42c4db', '6af5d3d801fa062a', '1db7ed9bc53a8319'),
    (4, {'factions': ['marquise', 'eyrie', 'alliance', 'duchy']}, 202, 357, '5936ae9a57abdd75f3f0fc92c4ce9ee5', 'd45ce656659d2576', 'd0532459f9f89bb6', '25023a288547ce7c'),
    (4, {'factions': ['marquise', 'eyrie', 'alliance', 'corvid']}, 203, 614, '3e660c271150cc61a2feaca5e7c50352', '7c6b5b74393e635c', '04f39f031a2bf675', 'efff3ed553c0e69d'),
    (4, {'factions': ['marquise', 'eyrie', 'alliance', 'hundreds']}, 204, 363, 'eeb08ab688dd6854a0297505697fb667', 'ce19e1a28759d659', '39275b53ca84885a', 'b5703233c56fc1d9'),
    (4, {'factions': ['marquise', 'eyrie', 'alliance', 'keepers']}, 205, 563, '8ed62e5b9900328162bedf1cd15d233e', '2099b01eb11e7bdd', 'b304f4bd74414a05', '2abc66d0e45d9562'),
    (4, {'factions': ['marquise', 'eyrie', 'alliance', 'lilypad']}, 206, 3921, '8c1533a613e1b009b46e53b486df5d3a', '19af9f8cf484773d', '865841827baf2663', '9538a8ea2be4e11f'),
    (4, {'factions': ['marquise', 'eyrie', 'alliance', 'twilight']}, 207, 557, '8e6d2898ca376302870c9764dc4e1146', '45c93cd520e10e9f', '0372677a30543a01', 'f799f6c77bca7f2e'),
    (4, {'factions': ['marquise', 'eyrie', 'alliance', 'knaves']}, 208, 992, '1c39f4315bd89b6a1f0d813cb2f2af89', 'b0c46896c8b1cc76', '6b70a92060b9043a', '1bd9033b0121706d'),
    (4, {'factions': ['marquise', 'eyrie', 'lizard', 'corvid']}, 209, 1255, '747e55cba0bf4a65b3c168b0da07f7b2', 'b21228870b5b48b0', '7b7a5c8d6ae9e736', '00e9a636b6d9750c'),
]


def fingerprint(players: int, options: dict, seed: int) -> tuple[int, str, str, str, str]:
    game = boardlab.new_game("root", players, seed=seed, options=options)
    choice = random.Random(seed).choice
    legal_digest, view_digest = hashlib.sha256(), hashlib.sha256()
    n = 0
    while not game.is_over:
        legal = game.legal_action_ids()
        legal_digest.update(("|".join(legal) + "\n").encode())
        if n % VIEW_EVERY == 0:
            view_digest.update(json.dumps(game.view(game.to_play, "en"), sort_keys=True, default=str).encode())
            view_digest.update(game.describe_action(legal[0], "zh-Hant").encode())
        game.apply(choice(legal))
        n += 1
    for seat in [None, *range(players)]:
        view_digest.update(json.dumps(game.view(seat, "en"), sort_keys=True, default=str).encode())
    events = json.dumps(codec.encode(game.state.events), sort_keys=True).encode()
    return (n, game.state_hash(), legal_digest.hexdigest()[:16], hashlib.sha256(events).hexdigest()[:16],
            view_digest.hexdigest()[:16])


@pytest.mark.parametrize("players,options,seed,decisions,state,legal,events,views", PINNED,
                         ids=[f"{p}p-seed{s}" for p, _, s, *_ in PINNED])
def test_random_game_unchanged(players, options, seed, decisions, state, legal, events, views):
    assert fingerprint(players, options, seed) == (decisions, state, legal, events, views)


OFFER_CONFIGS = [(4, {}, 7), (5, {}, 8), (3, {"map": "lake", "deck": "exiles"}, 9), (2, {"map": "mountain"}, 10),
                 (4, {"factions": ["marquise", "eyrie", "alliance", "vagabond"], "hirelings": "random",
                      "hireling_control": "law"}, 11), (3, {"setup": "advanced", "hirelings": "random"}, 12)]


@pytest.mark.parametrize("players,options,seed", OFFER_CONFIGS, ids=[f"{p}p-seed{s}" for p, _, s in OFFER_CONFIGS])
def test_offered_ids_are_the_legal_ids(players, options, seed):
    """Handlers hand the legal ids they computed as they asked to the game (core.tasks.offer): at every
    decision they are exactly what the decision's `legal` lists afresh."""
    game = boardlab.new_game("root", players, seed=seed, options=options)
    choice = random.Random(seed).choice
    while not game.is_over:
        legal = game.legal_action_ids()
        assert legal == game.rules.flow_of(game.state).legal(game.state), game.decision
        game.apply(choice(legal))
