// SPDX-License-Identifier: Apache-2.0
// CALayer.mask in the model: re-parenting, cycles refused, the snapshot's order, the mask's time.

import Testing
import ZoetropeAnimation
import ZoetropeGeometry
import ZoetropeLayers

@Suite struct LayerMaskTests {
  @Test func settingAMaskTakesItOutOfItsSuperlayerAndItsPreviousHost() {
    let parent = Layer(), host = Layer(), other = Layer(), mask = Layer()
    parent.addSublayer(mask)
    host.mask = mask
    #expect(mask.superlayer == nil && parent.sublayers == nil && host.mask === mask)
    other.mask = mask
    #expect(host.mask == nil && other.mask === mask)
    parent.addSublayer(mask)
    #expect(other.mask == nil && mask.superlayer === parent, "adding it as a sublayer ends its being a mask")
    other.mask = mask
    mask.removeFromSuperlayer()
    #expect(other.mask == nil)
  }

  @Test func aLayerCannotMaskItselfOrALayerItIsInside() {
    let root = Layer(), child = Layer(), grandchild = Layer()
    root.addSublayer(child)
    child.addSublayer(grandchild)
    root.mask = root
    #expect(root.mask == nil)
    grandchild.mask = root
    #expect(grandchild.mask == nil && root.superlayer == nil)
    grandchild.mask = child
    #expect(grandchild.mask == nil && child.superlayer === root)
    // Through a mask: a layer inside a mask cannot take the mask's host as its mask,
    // nor as a sublayer.
    let host = Layer(), mask = Layer(), inner = Layer()
    mask.addSublayer(inner)
    host.mask = mask
    inner.mask = host
    #expect(inner.mask == nil && host.mask === mask)
    inner.addSublayer(host)
    #expect(inner.sublayers == nil)
  }

  @Test func theSnapshotPutsTheMaskAfterItsHostBeforeTheSublayersAndDropsAMasksMask() {
    let root = Layer(), host = Layer(), mask = Layer(), maskChild = Layer(), sublayer = Layer()
    root.addSublayer(host)
    host.addSublayer(sublayer)
    mask.addSublayer(maskChild)
    mask.mask = Layer()
    host.mask = mask
    let tree = LayerTree(root: root)
    #expect(tree.count == 5)
    #expect(tree.nodes[1].mask == 2 && tree.nodes[2].isMask && tree.nodes[2].parent == 1)
    #expect(tree.nodes[3].parent == 2 && !tree.nodes[3].isMask)
    #expect(tree.nodes[1].sublayers == [4])
    #expect(tree.nodes[1].subtreeEnd == 5 && tree.nodes[2].subtreeEnd == 4)
    #expect(tree.nodes[2].mask == nil, "a mask's own mask is not snapshotted")
  }

  @Test func aMasksTimeIsItsHostsTime() {
    let root = Layer(), host = Layer(), mask = Layer()
    host.timing.beginTime = 2
    host.timing.speed = 3
    root.addSublayer(host)
    host.mask = mask
    #expect(mask.localTime(forMediaTime: 3) == 3)
    let tree = LayerTree(root: root)
    let presentation = PresentationEvaluator(tree).presentation(atTime: 3)
    #expect(presentation.layers[2].localTime == 3)
  }

  @Test func deepMaskChainsAreReleasedWithoutRecursion() {
    var host = Layer()
    let top = host
    for _ in 0..<100_000 {
      let next = Layer()
      let mask = Layer()
      mask.addSublayer(next)
      host.mask = mask
      host = next
    }
    _ = top
  }
}
